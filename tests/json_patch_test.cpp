// The server's text JSON Patch (server/json_patch.h): on the views of whole
// random games of every game, at its least and most players, for every seat and the
// spectator, it is byte for byte what Json::diff gives, and applying it to
// the old view gives the new one. Also hand-made cases: escapes, unsorted
// keys, arrays that grow and shrink, values that change type.
#include <gtest/gtest.h>

#include "core/json_writer.h"
#include "games/registry.h"
#include "server/json_patch.h"

namespace meeple::server {
namespace {

std::string patch_of(const std::string& from, const std::string& to) {
  JsonTape b;
  EXPECT_TRUE(b.read(to)) << to;
  std::string out;
  EXPECT_TRUE(append_patch(from, to, b, out)) << from;
  return out;
}

// The patch is what Json::diff gives, and it turns `from` into `to`.
void check(const std::string& from, const std::string& to) {
  const Json f = Json::parse(from), t = Json::parse(to);
  const std::string p = patch_of(from, to);
  const Json pj = Json::parse(p);
  EXPECT_EQ(f.patch(pj), t) << from << "\n -> " << to << "\n patch " << p;
  // Byte-identical to nlohmann's for its own dumps (keys ordered).
  if (from == f.dump() && to == t.dump()) {
    EXPECT_EQ(p, Json::diff(f, t).dump()) << from << " -> " << to;
  }
}

TEST(JsonPatch, HandMadeCases) {
  check("{}", "{}");
  check("1", "2");
  check("[1,2,3]", "[1,2]");
  check("[1,2,3,4,5]", "[1]");
  check("[1]", "[1,2,3]");
  check("[]", "[{\"a\":1}]");
  check("{\"a\":1,\"b\":[1,2],\"c\":{\"d\":null}}", "{\"a\":1,\"b\":[1,3],\"e\":true}");
  check("{\"a\":{\"x\":1}}", "{\"a\":[1]}");
  check("{\"a\":\"s\"}", "{\"a\":null}");
  check("{\"a/b\":1,\"m~n\":2}", "{\"a/b\":2,\"m~n\":3}");
  check("{\"q\\\"k\":1,\"\\u0001\":[\"x\"]}", "{\"q\\\"k\":2,\"\\u0001\":[\"y\\n\"]}");
  check("{\"k\":\"caf\xc3\xa9\"}", "{\"k\":\"th\xc3\xa9\"}");
  check("[[1,[2,[3]]]]", "[[1,[2,[4]]]]");
  // A number that the new one starts with is not the same number.
  check("[12,1]", "[1,12]");
  check("{\"a\":123}", "{\"a\":12}");
  // Brackets and escaped quotes inside strings of a removed or replaced value.
  check("{\"a\":[\"]\",\"}\\\"\"],\"b\":{\"c\":\"[\"}}", "{\"b\":1}");
  check("[[1,[2]],{\"x\":[]},3]", "[[1,[2]]]");
  // Keys in another order than dump()'s and spaces: still a correct patch.
  check("{\"b\":1, \"a\":2}", "{ \"a\" : 3 , \"b\" : 1 , \"c\" : [ ] }");
  check(" [ 1 , { \"a\" : [ 2 , 3 ] } ] ", "[1,{\"a\":[2]}]");
  // An old text that is not JSON: no patch, and nothing appended.
  JsonTape to;
  ASSERT_TRUE(to.read("{\"a\":[1,2]}"));
  for (const char* bad : {"{\"a\":[1,2}", "{\"a\":[1,2]", "{\"a\" [1,2]}", "[1,2] 3", "",
                          "{\"a\":\"x}", "{\"b\":{\"c\":]}}"}) {
    std::string out = "kept";
    EXPECT_FALSE(append_patch(bad, "{\"a\":[1,2]}", to, out)) << bad;
    EXPECT_EQ(out, "kept") << bad;
  }
  JsonTape t;
  EXPECT_FALSE(t.read("{\"a\":"));
  EXPECT_FALSE(t.read("[1,2"));
  EXPECT_FALSE(t.read("\"abc"));
  EXPECT_FALSE(t.read("[1] x"));
  EXPECT_TRUE(t.empty());
}

// The tape a JsonWriter builds as it writes is the one its text reads as.
void expect_same_tape(const JsonTape& built, const std::string& text) {
  JsonTape read;
  ASSERT_TRUE(read.read(text)) << text;
  ASSERT_FALSE(built.empty()) << text;
  ASSERT_EQ(built.nodes().size(), read.nodes().size()) << text;
  for (std::size_t k = 0; k < read.nodes().size(); ++k) {
    const JsonTape::Node &a = built.nodes()[k], &b = read.nodes()[k];
    EXPECT_TRUE(a.begin == b.begin && a.end == b.end && a.key_begin == b.key_begin &&
                a.key_end == b.key_end && a.next == b.next && a.kind == b.kind)
        << text << " node " << k << ": built [" << a.begin << "," << a.end << ") key ["
        << a.key_begin << "," << a.key_end << ") next " << a.next << ", read [" << b.begin << ","
        << b.end << ") key [" << b.key_begin << "," << b.key_end << ") next " << b.next;
  }
}

TEST(JsonTape, AWriterBuildsTheTapeItsTextReadsAs) {
  std::string text;
  JsonTape tape;
  JsonWriter w(text, tape);
  w.begin_object();
  w.key("a").begin_array().value(1).value(-20).null().value(true).value(false).end_array();
  w.key("b\"q").begin_object().end_object();
  w.field("c", Json::parse(R"({"x":[1,{"y":"z"}],"w":null})"));
  w.key("d").begin_array().begin_array().end_array().value("s\n\"t").end_array();
  w.field("e", Json(2.5));
  // Keys and strings longer than the writer's short pieces, plain and escaped.
  w.key(std::string(60, 'k')).begin_array().value(std::string(100, 'v'));
  w.value(std::string(70, 'x') + "\t\"").value("").end_array();
  w.field(std::string(60, 'l') + "\n", -1234567890123LL);
  // Values copied with their tapes: as a member, and as array elements.
  const std::string card = R"({"id":3,"name":{"en":"x","it":"y"},"tags":[1,[2],{}]})";
  JsonTape card_tape;
  ASSERT_TRUE(card_tape.read(card));
  JsonTape empty_tape;
  ASSERT_TRUE(empty_tape.read("[]"));
  w.key("m").copy(card, card_tape);
  w.key("n").begin_array().copy(card, card_tape).value(7).copy("[]", empty_tape).end_array();
  w.end_object();
  ASSERT_EQ(text, Json::parse(text).dump());
  expect_same_tape(tape, text);
}

// Every game's views through random games: the tape written with each view
// is the one it reads as, and the patch is Json::diff's.
TEST(JsonPatch, EveryGamesViewsThroughWholeRandomGames) {
  for (const AnyGame* g : all_games()) {
    for (int players : {g->min_players(), g->max_players()}) {
      auto s0 = g->new_game(Json::object(), players);
      ASSERT_TRUE(s0) << g->name();
      AnyState s = *s0;
      Rng rng(players * 7919 + 11);
      std::vector<Seat> who = {kSpectator};
      for (Seat p = 0; p < players; ++p) who.push_back(p);
      std::vector<std::string> before;
      for (Seat o : who) before.push_back(s.view_text(o));
      int steps = 0;
      while (!s.is_terminal() && steps < 3000) {
        Seat seat = kChance;
        Action a = -1;
        if (s.is_chance()) {
          a = sample_chance(s.chance_outcomes(), rng);
        } else {
          const SeatSet to = s.to_act();
          for (Seat p = 0; p < players && seat == kChance; ++p)
            if (to.contains(p)) seat = p;
          const ActionList legal = s.legal_actions(seat);
          a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        }
        ASSERT_FALSE(s.apply(seat, a));
        ++steps;
        for (std::size_t k = 0; k < who.size(); ++k) {
          JsonTape tape;
          std::string after = s.view_text(who[k], &tape);
          ASSERT_EQ(after, s.view(who[k]).dump());
          expect_same_tape(tape, after);
          ASSERT_FALSE(HasFailure()) << g->name() << " step " << steps;
          const std::string p = patch_of(before[k], after);
          const Json f = Json::parse(before[k]), t = Json::parse(after);
          ASSERT_EQ(p, Json::diff(f, t).dump()) << g->name() << " step " << steps;
          ASSERT_EQ(f.patch(Json::parse(p)), t) << g->name() << " step " << steps;
          before[k] = std::move(after);
        }
      }
    }
  }
}

}  // namespace
}  // namespace meeple::server
