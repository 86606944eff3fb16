// Table talk (docs/rules/first-contact.md "Table talk", RULINGS 1.4): the
// chat rule.
#include <gtest/gtest.h>

#include "games/first_contact/tests/fixture.h"

namespace meeple::first_contact {
namespace {

using namespace test;

TEST(FirstContactTableTalk, NamingACharacteristicInAnyLanguageIsRefused) {
  auto e = check_chat_message("I think it's BIG!");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, "chat/names_characteristic");
  EXPECT_NE(e->message.find("big"), std::string::npos);
  EXPECT_TRUE(check_chat_message("those are the biggest ones"));  // other form
  EXPECT_TRUE(check_chat_message("Credo stia indicando gli oggetti grandi"));
  EXPECT_TRUE(check_chat_message("Spero di aver spiegato Rotondo"));
  EXPECT_TRUE(check_chat_message("velocità"));
  EXPECT_TRUE(check_chat_message("저건 큰 거야"));
  EXPECT_TRUE(check_chat_message("무기인가?"));  // Korean: a name with an ending
  EXPECT_TRUE(check_chat_message("큰게 좋아"));
  EXPECT_TRUE(check_chat_message("힘이 세 보여"));
  EXPECT_TRUE(check_chat_message("살아 있는 거 같아"));  // a two-word name
  EXPECT_FALSE(check_chat_message("good move, well played"));
  EXPECT_FALSE(check_chat_message("ambiguous"));  // "big" only as a whole word
  EXPECT_FALSE(check_chat_message("Ottima mossa!"));
  EXPECT_FALSE(check_chat_message(""));
  // Korean words that merely begin like a name (힘, 긴, 옷, 철) pass.
  EXPECT_FALSE(check_chat_message("힘들다"));
  EXPECT_FALSE(check_chat_message("긴장된다"));
  EXPECT_FALSE(check_chat_message("옷장 같은 그림이네"));
  EXPECT_FALSE(check_chat_message("철수야 잘했어"));
}

}  // namespace
}  // namespace meeple::first_contact
