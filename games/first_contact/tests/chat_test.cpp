// Table talk (docs/rules/first-contact.md "Table talk", rulings 1.4): the
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
  // The refusal quotes the word as typed and names the characteristic.
  EXPECT_NE(e->message.find("\"BIG\""), std::string::npos) << e->message;
  EXPECT_NE(e->message.find("Big, Grande, 큰"), std::string::npos) << e->message;
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

// rulings 1.4: names match as whole words only (a name inside a longer word
// passes), Korean names with their particles, and the refusal names the
// refused word, with its ending, as it was typed, in the player's language.
TEST(FirstContactTableTalk, WholeWordsOnlyAndTheRefusalNamesTheWord) {
  EXPECT_FALSE(check_chat_message("the bigwig waved"));      // big inside a word
  EXPECT_FALSE(check_chat_message("sharpen your pencils"));  // sharp inside a word
  EXPECT_FALSE(check_chat_message("un'armatura"));           // arma inside a word
  EXPECT_FALSE(check_chat_message("Powerpoint later?"));     // power inside a word
  EXPECT_TRUE(check_chat_message("l'arma, forse"));          // arma after an apostrophe
  EXPECT_TRUE(check_chat_message("it's (metal)"));           // punctuation bounds a word
  EXPECT_TRUE(check_chat_message("Power!"));
  auto ko = check_chat_message("그건 철이야", "ko");  // Metal is 철 on the Korean pad
  ASSERT_TRUE(ko);
  EXPECT_NE(ko->message.find("\"철이야\""), std::string::npos) << ko->message;
  EXPECT_NE(ko->message.find("철 ("), std::string::npos) << ko->message;
  auto it = check_chat_message("Secondo me è VELOCE", "it");
  ASSERT_TRUE(it);
  EXPECT_NE(it->message.find("\"VELOCE\""), std::string::npos) << it->message;
  EXPECT_NE(it->message.find("nomina Veloce"), std::string::npos) << it->message;
  auto en = check_chat_message("so heavy...");
  ASSERT_TRUE(en);
  EXPECT_NE(en->message.find("\"heavy\" names Heavy"), std::string::npos) << en->message;
  // 금속, the other Korean word for metal, is still refused.
  EXPECT_TRUE(check_chat_message("금속이네"));
}

}  // namespace
}  // namespace meeple::first_contact
