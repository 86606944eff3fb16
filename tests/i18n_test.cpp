// Message catalogs (core/i18n.h).
#include <gtest/gtest.h>

#include <fmt/format.h>

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

// Counts: plural blocks choose by CLDR's plural rules of the language.
constexpr std::string_view kPlurals = R"({
  "steps": {"en": "{seat} pushes {n, plural, one {# step} other {# steps}}",
            "it": "{seat} spinge di {n, plural, one {# passo} other {# passi}}",
            "ko": "{seat} {n}칸 밀어냄"},
  "helpers": {"en": "{n, plural, =0 {no helper} one {one helper of {seat}} other {# helpers of {seat}}}",
              "it": "{n, plural, =0 {nessun aiuto} one {un aiuto di {seat}} other {# aiuti di {seat}}}",
              "ko": "{seat}의 돕는 UFO {n}대"}
})";

TEST(Catalog, PluralBlocksFollowTheLanguage) {
  auto c = Catalog::parse(kPlurals);
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_TRUE(c->check().empty());
  const auto steps = [&](std::string_view lang, std::string n) {
    return c->format("steps", lang, {{"seat", "Ana"}, {"n", std::move(n)}});
  };
  EXPECT_EQ(steps("en", "1"), "Ana pushes 1 step");
  EXPECT_EQ(steps("en", "0"), "Ana pushes 0 steps");
  EXPECT_EQ(steps("en", "2"), "Ana pushes 2 steps");
  EXPECT_EQ(steps("en", "21"), "Ana pushes 21 steps") << "English has no 'one' for 21";
  EXPECT_EQ(steps("en", "1.0"), "Ana pushes 1.0 steps") << "v = 1: not 'one'";
  EXPECT_EQ(steps("it", "1"), "Ana spinge di 1 passo");
  EXPECT_EQ(steps("it", "0"), "Ana spinge di 0 passi");
  EXPECT_EQ(steps("it", "2"), "Ana spinge di 2 passi");
  EXPECT_EQ(steps("ko", "1"), "Ana 1칸 밀어냄");
  EXPECT_EQ(steps("fr", "1"), "Ana pushes 1 step") << "English, by English rules";
  EXPECT_EQ(steps("en", "lots"), "Ana pushes lots steps") << "not a number: other";

  const auto helpers = [&](std::string_view lang, std::string n) {
    return c->format("helpers", lang, {{"seat", "Bo"}, {"n", std::move(n)}});
  };
  EXPECT_EQ(helpers("en", "0"), "no helper") << "an exact match comes first";
  EXPECT_EQ(helpers("en", "1"), "one helper of Bo") << "a placeholder inside a branch";
  EXPECT_EQ(helpers("en", "3"), "3 helpers of Bo");
  EXPECT_EQ(helpers("it", "0"), "nessun aiuto");
  EXPECT_EQ(helpers("it", "1"), "un aiuto di Bo");
  EXPECT_EQ(helpers("it", "4"), "4 aiuti di Bo");
  EXPECT_EQ(helpers("ko", "1"), "Bo의 돕는 UFO 1대");
  EXPECT_EQ(fill("{n, plural, one {# x} other {# xs}}", {}), "{n} xs") << "no argument";
  EXPECT_EQ(fill("{{{n}}} of {seat, plural, one {x}}", {{"n", "1"}}),
            "{1} of {seat, plural, one {x}}")
      << "a malformed pattern (no 'other') still gets its placeholders";
  EXPECT_EQ(fill("# {{#}} {n}", {{"n", "2"}}), "# {#} 2") << "'#' is the number in branches only";
}

TEST(Catalog, PluralCategoriesAreCldrs) {
  for (std::string_view lang : {"en", "it"}) {
    EXPECT_EQ(plural_category(lang, "1"), "one") << lang;
    EXPECT_EQ(plural_category(lang, "01"), "one") << lang;
    EXPECT_EQ(plural_category(lang, "-1"), "one") << lang;
    EXPECT_EQ(plural_category(lang, "0"), "other") << lang;
    EXPECT_EQ(plural_category(lang, "2"), "other") << lang;
    EXPECT_EQ(plural_category(lang, "11"), "other") << lang;
    EXPECT_EQ(plural_category(lang, "101"), "other") << lang;
    EXPECT_EQ(plural_category(lang, "1.5"), "other") << lang;
    EXPECT_EQ(plural_category(lang, "x"), "other") << lang;
  }
  EXPECT_EQ(plural_category("it", "1000000"), "many");
  EXPECT_EQ(plural_category("it", "3000000"), "many");
  EXPECT_EQ(plural_category("it", "1000001"), "other");
  EXPECT_EQ(plural_category("en", "1000000"), "other");
  for (std::string_view n : {"0", "1", "2", "1000000"})
    EXPECT_EQ(plural_category("ko", n), "other");
}

TEST(Catalog, CheckRefusesMalformedPluralBlocks) {
  const auto problems = [](std::string_view en) {
    const std::string json = fmt::format(R"({{"m": {{"en": {}, "it": "{{n}}", "ko": "{{n}}"}}}})",
                                         Json(std::string(en)).dump());
    auto c = Catalog::parse(json);
    EXPECT_TRUE(c) << json;
    return c ? c->check() : std::vector<std::string>{};
  };
  const auto refused = [&](std::string_view en, std::string_view why) {
    const auto p = problems(en);
    ASSERT_EQ(p.size(), 1u) << en;
    EXPECT_NE(p[0].find(why), std::string::npos) << en << " -> " << p[0];
  };
  EXPECT_TRUE(problems("{n, plural, one {# step} other {# steps}}").empty());
  EXPECT_TRUE(problems("{n, plural, =0 {none} other {#}} and {{braces}}").empty());
  refused("{n, plural, one {# step}}", "no 'other' branch");
  refused("{n, plural, one {# step} other {# steps}", "not closed");
  refused("{n, plural, one {# step} other {# steps}}}", "closes nothing");
  refused("{n, plural, one {# step other {# steps}}", "no placeholder name");
  refused("{n, plural, single {# step} other {# steps}}", "unknown category 'single'");
  refused("{n, plural, one {a} one {b} other {c}}", "two 'one' branches");
  refused("{n, plural, one # step other # steps}", "has no {text}");
  refused("{n, plural, = {x} other {y}}", "'=' without a number");
  refused("{n, number}", "no plural block");
  refused("{n plural, one {a} other {b}}", "not closed");
  refused("{n, plural one {a} other {b}}", "needs a ','");
  refused("{ } steps", "no placeholder name");
  refused("{n} steps {", "no placeholder name");
  refused("{n, plural, few {# steps} other {# steps}}", "'few' branch");
  // Every language keeps the same placeholders, inside branches too.
  auto c = Catalog::parse(R"({"m": {"en": "{n, plural, one {# of {seat}} other {# of {seat}}}",
                                    "it": "{n, plural, one {# di {who}} other {# di {who}}}",
                                    "ko": "{n}개, {seat}"},
                              "k": {"en": "{n, plural, one {a} other {b}}", "it": "{n}", "ko": "{n, plural, one {a} other {b}}"}})");
  ASSERT_TRUE(c);
  const auto p = c->check();
  ASSERT_EQ(p.size(), 2u);
  EXPECT_NE(p[0].find("k: the ko text has a 'one' branch"), std::string::npos) << p[0];
  EXPECT_NE(p[1].find("m: the it text has other placeholders"), std::string::npos) << p[1];
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
