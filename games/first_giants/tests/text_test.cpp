// First Giants rules tests, Terminal play: actions in words and the table as text, in the chosen
// language.
#include <gtest/gtest.h>

#include "games/first_giants/tests/fixture.h"

namespace meeple::first_giants {
namespace {

using namespace test;

TEST(Text, ActionsAreDescribedWithTheCardTextInTheChosenLanguage) {
  auto s = position(two_players());
  const std::string it = s.describe_action(0, take(0, 0), "it");
  EXPECT_NE(it.find("dig site 0"), std::string::npos);
  EXPECT_NE(it.find("ottieni 1 punto"), std::string::npos);
  EXPECT_NE(s.describe_action(0, take(0, 0), "fr").find("gain 1 point"), std::string::npos);
}

TEST(Text, TheTextViewShowsTheSitesInTheChosenLanguage) {
  auto s = position(two_players());
  const std::string t = s.text_view(0, "it");
  EXPECT_NE(t.find("Dig site 3"), std::string::npos);
  EXPECT_NE(t.find("ottieni 1 punto"), std::string::npos);
}

}  // namespace
}  // namespace meeple::first_giants
