#include <gtest/gtest.h>

#include "games/first_giants/first_giants.h"

namespace meeple::first_giants {
TEST(FirstGiantsSmoke, DeckHas60Cards) { EXPECT_EQ(cards().size(), 60u); }
}  // namespace meeple::first_giants
