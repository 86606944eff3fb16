// Message catalogs (core/i18n.h).
#include <gtest/gtest.h>

#include "core/i18n.h"

namespace meeple {
namespace {

constexpr std::string_view kSample = R"({
  "turn": {"en": "{seat}'s turn", "it": "tocca a {seat}", "ko": "{seat} 차례"},
  "braces": {"en": "{{literal}} {n}", "it": "{{letterale}} {n}", "ko": "{{문자}} {n}"}
})";

TEST(Catalog, FormatsNamedPlaceholdersInEachLanguage) {
  auto c = Catalog::parse(kSample);
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->format("turn", "en", {{"seat", "Anna"}}), "Anna's turn");
  EXPECT_EQ(c->format("turn", "it", {{"seat", "Anna"}}), "tocca a Anna");
  EXPECT_EQ(c->format("turn", "ko", {{"seat", "Anna"}}), "Anna 차례");
  EXPECT_EQ(c->format("braces", "en", {{"n", "3"}}), "{literal} 3");
  EXPECT_EQ(c->format("turn", "fr", {{"seat", "Anna"}}), "Anna's turn") << "English otherwise";
  EXPECT_TRUE(c->check().empty());
}

TEST(Catalog, MissingKeysShowAndCheckFindsGaps) {
  auto c = Catalog::parse(R"({"a": {"en": "x {n}", "it": "y {m}"}})");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->text("nope", "en"), "[nope]");
  const auto problems = c->check();
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_NE(problems[0].find("no ko text"), std::string::npos);
  EXPECT_NE(problems[1].find("it text has other placeholders"), std::string::npos);
}

TEST(Catalog, CorruptCatalogsAreRefused) {
  EXPECT_FALSE(Catalog::parse("[1, 2]"));
  EXPECT_FALSE(Catalog::parse(R"({"a": "no languages"})"));
  EXPECT_FALSE(Catalog::parse(R"({"a": {"fr": "bonjour"}})"));
  EXPECT_FALSE(Catalog::parse("{not json"));
}

}  // namespace
}  // namespace meeple

#include <filesystem>
#include <fstream>
#include <sstream>

#include "games/registry.h"

namespace meeple {
namespace {

// Every catalog in the tree (the terminal's and each game's) has every
// message in en, it and ko, with the same placeholders.
TEST(Catalog, EveryCatalogOfTheProjectIsComplete) {
  namespace fs = std::filesystem;
  const fs::path root(MEEPLE_SOURCE_DIR);
  std::vector<fs::path> files = {root / "cli" / "messages.json"};
  for (const auto& dir : fs::directory_iterator(root / "games"))
    if (fs::exists(dir.path() / "data" / "messages.json"))
      files.push_back(dir.path() / "data" / "messages.json");
  for (const auto& f : files) {
    std::ifstream in(f);
    std::stringstream text;
    text << in.rdbuf();
    auto c = Catalog::parse(text.str());
    ASSERT_TRUE(c) << f << ": " << c.error().message;
    EXPECT_GT(c->keys().size(), 5u) << f;
    for (const auto& problem : c->check()) ADD_FAILURE() << f << ": " << problem;
  }
}

// Every game a person can play tells them its texts from a catalog.
TEST(Catalog, EveryGameHasOne) {
  for (const AnyGame* game : all_games()) {
    const Catalog* c = game->messages();
    ASSERT_NE(c, nullptr) << game->name() << " has no message catalog";
    EXPECT_TRUE(c->check().empty()) << game->name();
  }
}

// Every rule option of every game has a label and a one-line explanation in
// each language, and each value of an enum option a name (GET /api/games
// gives them to the new-table page).
TEST(Catalog, EveryRuleOptionHasALabelHelpAndValueNames) {
  for (const AnyGame* game : all_games()) {
    const Json d = game->describe();
    for (const Json& p : d["params"]) {
      const std::string name = p["name"];
      for (std::string_view lang : kLanguages) {
        const std::string l(lang);
        ASSERT_TRUE(p.contains("label") && p["label"].contains(l))
            << game->name() << ": " << name << " has no label in " << l;
        ASSERT_TRUE(p.contains("help") && p["help"].contains(l))
            << game->name() << ": " << name << " has no help in " << l;
        EXPECT_FALSE(p["label"][l].get<std::string>().empty());
        EXPECT_NE(p["label"][l], p["help"][l]);
        if (p["type"] != "enum") continue;
        for (const Json& v : p["allowed"]) {
          EXPECT_TRUE(p["values"][l].contains(v.get<std::string>()))
              << game->name() << ": " << name << " value " << v << " has no name in " << l;
        }
      }
    }
  }
}

}  // namespace
}  // namespace meeple
