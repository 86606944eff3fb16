// meeple for programs: `legal`, `view`, `result`, `apply` with --seed and
// --view, strict action JSON forms, and `meeple engine` (its protocol, whole
// games of every game through it, and the examples of
// docs/engine-protocol.md, which are run here so they stay true).
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "bots/bot.h"
#include "cli/commands.h"
#include "cli/engine.h"
#include "cli/programs.h"
#include "core/any_game.h"
#include "core/record.h"
#include "games/registry.h"
#include "tests/toy/registered.h"

namespace meeple::cli {
namespace {

const AnyGame& kToy = toy::registered_high_card();

class Programs : public testing::Test {
 protected:
  // A new high-card game's state as JSON text.
  std::string new_state(bool stop_at_chance, int rounds = 3) {
    std::ostringstream o, e;
    EXPECT_EQ(cmd_new({.game = "high-card",
                       .players = 2,
                       .seed = 3,
                       .params = {"rounds=" + std::to_string(rounds)},
                       .stop_at_chance = stop_at_chance},
                      o, e),
              0);
    return o.str();
  }
  void input(const std::string& text) {
    in.clear();
    in.str(text);
    out.str("");
    err.str("");
  }
  std::ostringstream out, err;
  std::istringstream in;
};

TEST_F(Programs, LegalListsChanceOutcomesWithWeights) {
  input(new_state(true));
  ASSERT_EQ(cmd_legal({.game = "high-card", .state_file = "-", .json = true}, in, out, err), 0)
      << err.str();
  Json j = Json::parse(out.str());
  EXPECT_TRUE(j["chance"].get<bool>());
  EXPECT_EQ(j["total_weight"], 6);
  ASSERT_EQ(j["outcomes"].size(), 6u);
  EXPECT_EQ(j["outcomes"][0]["action"], 0);
  EXPECT_EQ(j["outcomes"][0]["json"], (Json{{"card", 1}}));
  EXPECT_EQ(j["outcomes"][0]["weight"], 1);
  input(new_state(true));
  ASSERT_EQ(cmd_legal({.game = "high-card", .state_file = "-"}, in, out, err), 0);
  EXPECT_NE(out.str().find("chance (seat -1), 6 outcomes"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("{\"card\":6}  weight 1/6"), std::string::npos) << out.str();
}

TEST_F(Programs, LegalListsEverySeatToActOrOne) {
  input(new_state(false));
  ASSERT_EQ(cmd_legal({.game = "high-card", .state_file = "-", .json = true}, in, out, err), 0);
  Json j = Json::parse(out.str());
  EXPECT_EQ(j["to_act"], Json::parse("[0, 1]"));
  ASSERT_EQ(j["seats"].size(), 2u);
  EXPECT_EQ(j["seats"][1]["seat"], 1);
  EXPECT_EQ(j["seats"][1]["actions"][1]["json"], (Json{{"bet", true}}));
  input(new_state(false));
  ASSERT_EQ(
      cmd_legal({.game = "high-card", .state_file = "-", .seat = 1, .json = true}, in, out, err),
      0);
  j = Json::parse(out.str());
  ASSERT_EQ(j["seats"].size(), 1u);
  EXPECT_EQ(j["seats"][0]["seat"], 1);
  input(new_state(false));
  EXPECT_EQ(cmd_legal({.game = "high-card", .state_file = "-", .seat = 5}, in, out, err), 2);
  EXPECT_NE(err.str().find("seat/invalid"), std::string::npos);
  input("{}");
  EXPECT_EQ(cmd_legal({.game = "high-card", .state_file = "-"}, in, out, err), 2);
  EXPECT_NE(err.str().find("state/corrupt"), std::string::npos);
}

// Every real game: each legal action of each seat to act has words, and its
// JSON form (as listed) applies through `apply`.
TEST_F(Programs, LegalActionsOfEveryGameHaveWordsAndApplyByTheirJson) {
  for (const AnyGame* g : all_games()) {
    if (g == &kToy) continue;
    std::ostringstream o, e;
    ASSERT_EQ(cmd_new({.game = std::string(g->name()), .seed = 4}, o, e), 0) << e.str();
    const std::string state = o.str();
    input(state);
    ASSERT_EQ(
        cmd_legal({.game = std::string(g->name()), .state_file = "-", .json = true}, in, out, err),
        0)
        << err.str();
    Json j = Json::parse(out.str());
    ASSERT_FALSE(j["seats"].empty()) << g->name();
    for (const auto& seat : j["seats"]) {
      ASSERT_FALSE(seat["actions"].empty());
      for (const auto& a : seat["actions"])
        EXPECT_FALSE(a["words"].get<std::string>().empty()) << g->name() << " " << a.dump();
      const Json& first = seat["actions"][0];
      input(state);
      Json act = {{"seat", seat["seat"]}, {"action", first["json"]}};
      EXPECT_EQ(
          cmd_apply({.game = std::string(g->name()), .state_file = "-", .actions = {act.dump()}},
                    in, out, err),
          0)
          << g->name() << " " << act.dump() << " " << err.str();
    }
    input(state);
    ASSERT_EQ(
        cmd_legal({.game = std::string(g->name()), .state_file = "-", .lang = "it"}, in, out, err),
        0);
    EXPECT_NE(out.str().find("seat "), std::string::npos);
  }
}

// First Contact's note-pad edits are free actions: marked, and left out on request.
TEST_F(Programs, LegalMarksFreeActionsAndLeavesThemOutOnRequest) {
  if (!find_game("first-contact")) GTEST_SKIP();
  std::ostringstream o, e;
  ASSERT_EQ(cmd_new({.game = "first-contact", .players = 4, .seed = 3}, o, e), 0);
  const std::string state = o.str();
  input(state);
  ASSERT_EQ(cmd_legal({.game = "first-contact", .state_file = "-", .json = true}, in, out, err), 0);
  Json all = Json::parse(out.str());
  input(state);
  ASSERT_EQ(cmd_legal({.game = "first-contact", .state_file = "-", .json = true, .primary = true},
                      in, out, err),
            0);
  Json primary = Json::parse(out.str());
  ASSERT_EQ(all["seats"].size(), primary["seats"].size());
  std::size_t total_free = 0;
  for (std::size_t i = 0; i < all["seats"].size(); ++i) {
    std::size_t free = 0;
    for (const auto& a : all["seats"][i]["actions"]) free += a.value("free", false) ? 1 : 0;
    EXPECT_EQ(all["seats"][i]["actions"].size() - primary["seats"][i]["actions"].size(), free);
    for (const auto& a : primary["seats"][i]["actions"]) EXPECT_FALSE(a.contains("free"));
    total_free += free;
  }
  EXPECT_GT(total_free, 0u);
  input(state);
  ASSERT_EQ(cmd_legal({.game = "first-contact", .state_file = "-"}, in, out, err), 0);
  EXPECT_NE(out.str().find("(free: the decision goes on)"), std::string::npos);
}

TEST_F(Programs, ViewPrintsOneSeatsOrTheSpectatorsView) {
  const std::string state = new_state(false);
  auto s = kToy.state_from_json(Json::parse(state));
  ASSERT_TRUE(s.ok());
  input(state);
  ASSERT_EQ(cmd_view({.game = "high-card", .state_file = "-", .seat = "1"}, in, out, err), 0);
  EXPECT_EQ(Json::parse(out.str()), s->view(1));
  input(state);
  ASSERT_EQ(cmd_view({.game = "high-card", .state_file = "-", .seat = "spectator"}, in, out, err),
            0);
  EXPECT_EQ(Json::parse(out.str()), s->view(kSpectator));
  for (const char* bad : {"2", "-1", "x"}) {
    input(state);
    EXPECT_EQ(cmd_view({.game = "high-card", .state_file = "-", .seat = bad}, in, out, err), 2);
    EXPECT_NE(err.str().find("seat/invalid"), std::string::npos) << bad;
  }
  // A real game's board in words.
  const AnyGame* ufo = find_game("ufo");
  if (ufo) {
    std::ostringstream o, e;
    ASSERT_EQ(cmd_new({.game = "ufo", .seed = 2}, o, e), 0);
    input(o.str());
    ASSERT_EQ(cmd_view({.game = "ufo", .state_file = "-", .seat = "0", .text = true}, in, out, err),
              0);
    EXPECT_GT(out.str().size(), 40u);
  }
}

TEST_F(Programs, ResultOfAFinishedGameAndNotBefore) {
  input(new_state(false, 1));
  EXPECT_EQ(cmd_result({.game = "high-card", .state_file = "-"}, in, out, err), 2);
  EXPECT_NE(err.str().find("game/not_over"), std::string::npos);
  input(new_state(false, 1));
  ASSERT_EQ(cmd_apply({.game = "high-card",
                       .state_file = "-",
                       .actions = {R"({"seat": 0, "action": {"bet": true}})",
                                   R"({"seat": 1, "action": 1})"}},
                      in, out, err),
            0)
      << err.str();
  input(out.str());
  ASSERT_EQ(cmd_result({.game = "high-card", .state_file = "-"}, in, out, err), 0) << err.str();
  Json r = Json::parse(out.str());
  EXPECT_EQ(r["players"], 2);
  EXPECT_EQ(r["score"].size(), 2u);
  EXPECT_FALSE(r["winners"].empty());
}

TEST_F(Programs, ApplyNamesTheRefusedActionAmongSeveral) {
  input(new_state(false));
  EXPECT_EQ(cmd_apply({.game = "high-card",
                       .state_file = "-",
                       .actions = {R"({"seat": 0, "action": 1})", R"({"seat": 0, "action": 0})",
                                   R"({"seat": 1, "action": 0})"}},
                      in, out, err),
            2);
  EXPECT_NE(err.str().find("action/not_your_turn: --action 2 of 3 ({\"seat\": 0, \"action\": 0})"),
            std::string::npos)
      << err.str();
  input(new_state(false));
  EXPECT_EQ(cmd_apply({.game = "high-card", .state_file = "-", .actions = {"{\"bet\": 2}"}}, in,
                      out, err),
            2);
  EXPECT_NE(err.str().find("action/malformed: --action {\"bet\": 2}"), std::string::npos)
      << err.str();
}

TEST_F(Programs, ApplyResolvesChanceWithASeedAndPrintsAView) {
  input(new_state(true));
  ASSERT_EQ(cmd_apply({.game = "high-card", .state_file = "-", .seed = 9}, in, out, err), 0)
      << err.str();
  Json s = Json::parse(out.str());
  EXPECT_EQ(s["dealt"], 2);
  // Both bet; the next round's cards are dealt from the seed too; seat 0's view.
  input(out.str());
  ASSERT_EQ(cmd_apply({.game = "high-card",
                       .state_file = "-",
                       .actions = {R"({"seat": 0, "action": 1})", R"({"seat": 1, "action": 1})"},
                       .seed = 9,
                       .view = "0"},
                      in, out, err),
            0)
      << err.str();
  Json v = Json::parse(out.str());
  EXPECT_EQ(v["round"], 1);
  EXPECT_FALSE(v.contains("dealt"));  // a view, not the state
  input(s.dump());
  EXPECT_EQ(cmd_apply({.game = "high-card", .state_file = "-", .view = "7"}, in, out, err), 2);
  EXPECT_NE(err.str().find("seat/invalid"), std::string::npos);
}

// Action forms are strict: an unknown key or another value is action/malformed.
TEST_F(Programs, ActionJsonFormsAreStrictInEveryGame) {
  auto s = *kToy.new_game(Json::object(), 2);
  Rng rng(1);
  s.resolve_chance(rng);
  auto a = s.action_from_json(0, Json{{"bet", true}, {"really", true}});
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.error().code, errc::kMalformedAction);
  EXPECT_NE(a.error().message.find("unknown key 'really'"), std::string::npos);

  for (const AnyGame* g : all_games()) {
    if (g == &kToy) continue;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      Rng r(seed);
      AnyState st = *g->new_game(g->param_variants().front(), g->min_players());
      for (int step = 0; step < 300 && !st.is_terminal(); ++step) {
        if (st.is_chance()) {
          st.apply(kChance, sample_chance(st.chance_outcomes(), r));
          continue;
        }
        const Seat seat = st.to_act().lowest();
        ActionList legal = st.legal_actions(seat);
        for (Action x : legal) {
          Json j = st.action_to_json(seat, x);
          auto back = st.action_from_json(seat, j);
          ASSERT_TRUE(back.ok()) << g->name() << " " << j.dump();
          EXPECT_EQ(*back, x) << g->name() << " " << j.dump();
          if (!j.is_object()) continue;
          Json extra = j;
          extra["surplus"] = 1;
          auto e = st.action_from_json(seat, extra);
          ASSERT_FALSE(e.ok()) << g->name() << " accepted " << extra.dump();
          EXPECT_EQ(e.error().code, errc::kMalformedAction) << extra.dump();
          for (const auto& [k, v] : j.items()) {
            Json wrong = j;
            wrong[k] = Json::array({"no such value"});
            auto w = st.action_from_json(seat, wrong);
            EXPECT_FALSE(w.ok() && legal.contains(*w)) << g->name() << " accepted " << wrong.dump();
          }
        }
        st.apply(seat, legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
      }
    }
  }
}

// Ufo! used to take {"end": anything} as a pass in every phase.
TEST_F(Programs, UfoPassIsOnlyItsOwnForm) {
  const AnyGame* g = find_game("ufo");
  if (!g) GTEST_SKIP() << "ufo not built";
  Rng r(5);
  AnyState st = *g->new_game(Json::object(), 3);
  int checked = 0;
  for (int step = 0; step < 3000 && !st.is_terminal() && checked < 20; ++step) {
    if (st.is_chance()) {
      st.apply(kChance, sample_chance(st.chance_outcomes(), r));
      continue;
    }
    const Seat seat = st.to_act().lowest();
    ActionList legal = st.legal_actions(seat);
    for (Action x : legal) {
      Json j = st.action_to_json(seat, x);
      if (!j.contains("end") && !j.contains("decline")) continue;
      ++checked;
      const std::string key = j.contains("end") ? "end" : "decline";
      const std::string other = key == "end" ? "decline" : "end";
      for (const Json& bad :
           {Json{{key, 5}}, Json{{key, "anything"}}, Json{{other, j[key]}}, Json{{key, true}}}) {
        auto e = st.action_from_json(seat, bad);
        EXPECT_FALSE(e.ok()) << bad.dump() << " taken for " << j.dump();
        if (!e.ok()) {
          EXPECT_EQ(e.error().code, errc::kMalformedAction) << bad.dump();
        }
      }
      EXPECT_TRUE(st.action_from_json(seat, j).ok());
    }
    st.apply(seat, legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  EXPECT_GT(checked, 0);
}

TEST_F(Programs, SelfplaySaysWhichChecksItRunsAndHowToGoFaster) {
  ASSERT_EQ(cmd_selfplay({.game = "high-card", .players = 2, .games = 1}, out, err), 0);
  EXPECT_NE(out.str().find("checks: deep conformance checks on every step"), std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("--check-every 0"), std::string::npos);
  out.str("");
  ASSERT_EQ(
      cmd_selfplay({.game = "high-card", .players = 2, .games = 1, .check_every = 0}, out, err), 0);
  EXPECT_NE(out.str().find("checks: no conformance checks"), std::string::npos) << out.str();
  out.str("");
  ASSERT_EQ(cmd_selfplay({.game = "high-card", .players = 2, .games = 1, .json = true}, out, err),
            0);
  EXPECT_NE(Json::parse(out.str())["checks"].get<std::string>().find("--check-every 0"),
            std::string::npos);
}

// ---- meeple engine ----

// Runs requests (one JSON per line) through a fresh engine; its responses.
std::vector<Json> engine(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& l : lines) text += l + "\n";
  std::istringstream i(text);
  std::ostringstream o, e;
  EXPECT_EQ(cmd_engine({}, i, o, e), 0);
  std::vector<Json> out;
  std::istringstream r(o.str());
  for (std::string line; std::getline(r, line);) out.push_back(Json::parse(line));
  return out;
}

std::string code_of(const Json& resp) {
  return resp.value("ok", true) ? "" : resp["error"]["code"].get<std::string>();
}

TEST_F(Programs, EngineAnswersEveryRequestAndEchoesIds) {
  auto r = engine({R"({"cmd": "games", "id": 7})", "not json", R"({"cmd": "dance"})",
                   R"({"cmd": "legal"})", R"({"cmd": "new", "game": "chess"})",
                   R"({"cmd": "new", "game": "high-card", "players": 9})",
                   R"({"cmd": "new", "game": "high-card", "params": {"speed": 1}})", R"([1])", "",
                   R"({"cmd": "quit", "id": "bye"})", R"({"cmd": "games"})"});
  ASSERT_EQ(r.size(), 9u);  // the blank line is skipped, nothing after quit
  EXPECT_EQ(r[0]["id"], 7);
  EXPECT_TRUE(r[0]["ok"].get<bool>());
  EXPECT_FALSE(r[0]["games"].empty());
  EXPECT_EQ(code_of(r[1]), "request/malformed");
  EXPECT_EQ(code_of(r[2]), "request/unknown_command");
  EXPECT_EQ(code_of(r[3]), "engine/no_game");
  EXPECT_EQ(code_of(r[4]), "game/unknown");
  EXPECT_EQ(code_of(r[5]), "game/players");
  EXPECT_EQ(code_of(r[6]), "params/unknown");
  EXPECT_EQ(code_of(r[7]), "request/malformed");
  EXPECT_EQ(r[8], (Json{{"ok", true}, {"id", "bye"}}));
}

TEST_F(Programs, EngineDrivesAGameWithExplicitChanceUndoAndRecords) {
  auto r = engine({
      R"({"cmd": "new", "game": "high-card", "players": 2, "params": {"rounds": 1}, "chance": "explicit"})",
      R"({"cmd": "legal"})",
      R"({"cmd": "apply", "action": {"card": 6}})",
      R"({"cmd": "apply", "seat": -1, "action": 1})",
      R"({"cmd": "apply", "action": 0})",
      R"({"cmd": "apply", "seat": 0, "action": {"bet": true}})",
      R"({"cmd": "apply", "seat": 0, "action": 0})",
      R"({"cmd": "view", "seat": 0})",
      R"({"cmd": "view", "seat": "spectator"})",
      R"({"cmd": "result"})",
      R"({"cmd": "undo", "steps": 5})",
      R"({"cmd": "undo"})",
      R"({"cmd": "apply", "seat": 1, "action": {"bet": true}})",
      R"({"cmd": "result"})",
      R"({"cmd": "save"})",
      R"({"cmd": "state"})",
  });
  ASSERT_EQ(r.size(), 16u);
  EXPECT_TRUE(r[0]["chance"].get<bool>());
  EXPECT_EQ(r[0]["applied"], Json::array());
  EXPECT_EQ(r[1]["outcomes"].size(), 6u);
  EXPECT_EQ(r[2]["applied"][0]["json"], (Json{{"card", 6}}));
  EXPECT_EQ(r[3]["to_act"], Json::parse("[0, 1]"));
  EXPECT_EQ(code_of(r[4]), "action/malformed");  // two seats decide: which?
  EXPECT_EQ(r[5]["step"], 3);
  EXPECT_EQ(code_of(r[6]), "action/not_your_turn");
  EXPECT_TRUE(r[7]["view"].is_object());
  EXPECT_EQ(r[7]["seat"], 0);
  EXPECT_EQ(r[8]["seat"], -2);
  EXPECT_EQ(code_of(r[9]), "game/not_over");
  EXPECT_EQ(code_of(r[10]), "engine/nothing_to_undo");
  EXPECT_EQ(r[11]["step"], 2);  // seat 0's bet undone
  EXPECT_TRUE(r[12]["ok"].get<bool>()) << r[12].dump();
  EXPECT_EQ(r[12]["step"], 3);
  EXPECT_FALSE(r[12]["terminal"].get<bool>());  // seat 0 has not bet again
  EXPECT_EQ(code_of(r[13]), "game/not_over");
  const Json rec = r[14]["record"];
  EXPECT_EQ(rec["format"], "meeple-record/1");
  EXPECT_EQ(rec["actions"].size(), 3u);
  EXPECT_EQ(rec["actions"][2], Json::parse(R"({"seat": 1, "action": 1, "json": {"bet": true}})"));
  EXPECT_TRUE(r[15]["state"].is_object());

  // The record loads into a new engine and plays on.
  auto l = engine({Json{{"cmd", "load"}, {"record", rec}}.dump(),
                   R"({"cmd": "apply", "seat": 0, "action": {"bet": false}})",
                   R"({"cmd": "result"})", R"({"cmd": "save"})"});
  ASSERT_EQ(l.size(), 4u);
  EXPECT_EQ(l[0]["step"], 3) << l[0].dump();
  EXPECT_TRUE(l[1]["terminal"].get<bool>()) << l[1].dump();
  EXPECT_EQ(l[2]["result"]["winners"], Json::parse("[1]"));
  // `meeple replay` reads what save wrote.
  input(l[3]["record"].dump());
  EXPECT_EQ(cmd_replay({.file = "-"}, in, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("result matches the record"), std::string::npos);

  auto bad = engine({R"({"cmd": "load", "record": {"format": "x"}})",
                     R"({"cmd": "load", "file": "/nonexistent/r.json"})"});
  EXPECT_EQ(code_of(bad[0]), "record/corrupt");
  EXPECT_EQ(code_of(bad[1]), "io/failed");
}

// A kept game with an undo in it (meeple play writes {"seat": 0, "undo":
// true}) loads as the game it became: the decision taken back is not in the
// loaded record, the state is the replay's, and it plays on (the
// load answered engine/internal "std::get: wrong index for variant").
TEST_F(Programs, EngineLoadsARecordWithAnUndoAsTheGameItBecame) {
  auto r = engine({
      R"({"cmd": "new", "game": "high-card", "players": 2, "params": {"rounds": 1}, "chance": "explicit"})",
      R"({"cmd": "apply", "action": {"card": 6}})",
      R"({"cmd": "apply", "seat": -1, "action": 1})",
      R"({"cmd": "apply", "seat": 1, "action": {"bet": true}})",
      R"({"cmd": "save"})",
      R"({"cmd": "state"})",
  });
  ASSERT_EQ(r.size(), 6u);
  const Json without_undo = r[4]["record"];
  Json with_undo = without_undo;
  Json& acts = with_undo["actions"];
  acts = Json::array({acts[0], acts[1], Json::parse(R"({"seat": 0, "json": {"bet": true}})"),
                      Json::parse(R"({"seat": 0, "undo": true})"), acts[2]});
  auto l = engine({Json{{"cmd", "load"}, {"record", with_undo}}.dump(), R"({"cmd": "state"})",
                   R"({"cmd": "save"})", R"({"cmd": "apply", "seat": 0, "action": {"bet": false}})",
                   R"({"cmd": "result"})"});
  ASSERT_EQ(l.size(), 5u);
  ASSERT_TRUE(l[0]["ok"].get<bool>()) << l[0].dump();
  EXPECT_EQ(l[0]["step"], 3) << "the bet taken back is not a step";
  EXPECT_EQ(l[1]["state"], r[5]["state"]) << "the state the replay gives";
  EXPECT_EQ(l[2]["record"]["actions"], without_undo["actions"]);
  EXPECT_TRUE(l[3]["terminal"].get<bool>()) << l[3].dump();
  EXPECT_TRUE(l[4]["result"].is_object()) << l[4].dump();
  // An undo with nothing to take back is a corrupt record, not an internal error.
  Json bad = without_undo;
  bad["actions"].push_back(Json::parse(R"({"seat": 0, "undo": true})"));
  EXPECT_EQ(code_of(engine({Json{{"cmd", "load"}, {"record", bad}}.dump()})[0]), "record/corrupt");
}

// A mistyped field is refused with the fields the command takes, and
// changes nothing ("seeed" dealt seed 1, "sat" answered for every
// seat).
TEST_F(Programs, EngineRefusesAFieldItsCommandDoesNotTake) {
  auto r = engine({
      R"({"cmd": "new", "game": "ufo", "players": 3, "seeed": 7})",
      R"({"cmd": "new", "game": "ufo", "players": 3, "seed": 7, "id": 4, "lang": "it"})",
      R"({"cmd": "state"})",
      R"({"cmd": "legal", "sat": 1})",
      R"({"cmd": "status", "verbose": true})",
      R"({"cmd": "state"})",
  });
  ASSERT_EQ(r.size(), 6u);
  EXPECT_EQ(code_of(r[0]), "request/malformed");
  const std::string words = r[0]["error"]["message"].get<std::string>();
  EXPECT_NE(words.find("\"seeed\""), std::string::npos) << words;
  EXPECT_NE(words.find("\"seed\""), std::string::npos) << "names what new takes: " << words;
  EXPECT_TRUE(r[1]["ok"].get<bool>()) << "id and lang go with every command: " << r[1].dump();
  EXPECT_EQ(code_of(r[3]), "request/malformed");
  EXPECT_NE(r[3]["error"]["message"].get<std::string>().find("\"seat\""), std::string::npos);
  EXPECT_EQ(code_of(r[4]), "request/malformed");
  EXPECT_NE(r[4]["error"]["message"].get<std::string>().find("takes none"), std::string::npos);
  EXPECT_EQ(r[5]["state"], r[2]["state"]) << "a refused request changes nothing";
}

// Refusals say what is wrong and how it is right: an action
// number given as a string, a city by its name, a state field out of its
// range, a state field no state has.
TEST_F(Programs, EngineRefusalsSayWhatIsWrongAndHowItIsRight) {
  auto r = engine({
      R"({"cmd": "new", "game": "ufo", "players": 3, "seed": 7})",
      R"({"cmd": "apply", "action": "165"})",
      R"({"cmd": "apply", "action": {"place": {"city": "Rome", "type": "standard"}}})",
      R"({"cmd": "state"})",
  });
  ASSERT_EQ(r.size(), 4u);
  auto words = [](const Json& resp) { return resp["error"]["message"].get<std::string>(); };
  EXPECT_EQ(code_of(r[1]), "action/malformed");
  EXPECT_NE(words(r[1]).find("its number (0 to"), std::string::npos) << words(r[1]);
  EXPECT_NE(words(r[1]).find("not \"165\""), std::string::npos) << words(r[1]);
  EXPECT_EQ(code_of(r[2]), "action/malformed");
  EXPECT_NE(words(r[2]).find("\"rome\""), std::string::npos) << words(r[2]);
  Json state = r[3]["state"];
  Json far = state;
  far["active"] = 7;
  Json extra = state;
  extra["actve"] = 1;
  auto l = engine({Json{{"cmd", "load"}, {"game", "ufo"}, {"state", far}}.dump(),
                   Json{{"cmd", "load"}, {"game", "ufo"}, {"state", extra}}.dump(),
                   Json{{"cmd", "load"}, {"game", "ufo"}, {"state", state}}.dump()});
  ASSERT_EQ(l.size(), 3u);
  EXPECT_EQ(code_of(l[0]), "state/corrupt");
  EXPECT_NE(words(l[0]).find("active is 7, not within 0 to 2"), std::string::npos) << words(l[0]);
  EXPECT_EQ(code_of(l[1]), "state/corrupt");
  EXPECT_NE(words(l[1]).find("no field \"actve\""), std::string::npos) << words(l[1]);
  EXPECT_TRUE(l[2]["ok"].get<bool>()) << l[2].dump();
}

// Whole games of every game, bots in every seat, through the protocol; the
// saved record replays to the same result.
TEST_F(Programs, EnginePlaysWholeGamesOfEveryGameWithBots) {
  for (const AnyGame* g : all_games()) {
    Engine e;
    bool quit = false;
    auto ask = [&](const Json& req) { return Json::parse(e.handle(req.dump(), quit)); };
    // The limits automated play states (Ufo!'s max_rounds).
    Json st = ask({{"cmd", "new"},
                   {"game", g->name()},
                   {"params", g->param_variants().front()},
                   {"seed", 11}});
    ASSERT_TRUE(st["ok"].get<bool>()) << st.dump();
    int moves = 0;
    while (!st["terminal"].get<bool>() && moves < 5000) {
      // Every seat to act (several at once: simultaneous decisions).
      for (const auto& seat : Json(st["to_act"])) {
        st = ask({{"cmd", "bot"}, {"bot", "random"}, {"seat", seat}, {"apply", true}});
        ASSERT_TRUE(st["ok"].get<bool>()) << g->name() << " " << st.dump();
        ++moves;
      }
    }
    ASSERT_TRUE(st["terminal"].get<bool>()) << g->name();
    Json over = ask({{"cmd", "bot"}});
    EXPECT_EQ(code_of(over), "action/game_over");
    Json result = ask({{"cmd", "result"}});
    ASSERT_TRUE(result["ok"].get<bool>());
    Json rec = ask({{"cmd", "save"}})["record"];
    EXPECT_EQ(rec["result"], result["result"]);
    input(rec.dump());
    EXPECT_EQ(cmd_replay({.file = "-"}, in, out, err), 0) << g->name() << err.str();
  }
}

TEST_F(Programs, EngineAsksBotsWithABudget) {
  const AnyGame* g = find_game("first-giants");
  if (!g) GTEST_SKIP();
  auto r = engine({R"({"cmd": "new", "game": "first-giants", "players": 3, "seed": 2})",
                   R"({"cmd": "bot", "bot": "ismcts", "iterations": 20})",
                   R"({"cmd": "bot", "bot": "ismcts:medium", "ms": 20})",
                   R"({"cmd": "bot", "bot": "genius"})", R"({"cmd": "bot", "seat": 9})",
                   R"({"cmd": "bots"})", R"({"cmd": "status"})"});
  ASSERT_EQ(r.size(), 7u);
  EXPECT_EQ(r[1]["bot"], "ismcts:20");
  EXPECT_TRUE(r[1]["choice"].contains("json")) << r[1].dump();
  EXPECT_EQ(r[2]["bot"], "ismcts:0.02s");
  EXPECT_EQ(code_of(r[3]), "bot/unknown");
  EXPECT_EQ(code_of(r[4]), "seat/invalid");
  EXPECT_FALSE(r[5]["bots"].empty());
  EXPECT_EQ(r[6]["step"], r[0]["step"]);  // asking does not apply
}

// A game's own bot of a name replaces the generic one of that name, in the
// list as when it plays: First Contact's "random" was listed twice, with two
// descriptions.
TEST_F(Programs, EngineListsEachBotOnceWithTheDescriptionOfTheOneThatPlays) {
  for (const AnyGame* g : all_games()) {
    auto r = engine({Json{{"cmd", "bots"}, {"game", g->name()}}.dump()});
    ASSERT_EQ(r.size(), 1u);
    std::set<std::string> names;
    for (const auto& b : r[0]["bots"])
      EXPECT_TRUE(names.insert(b["name"].get<std::string>()).second)
          << g->name() << ": " << b["name"] << " twice";
  }
  if (!find_game("first-contact")) return;
  auto r = engine({R"({"cmd": "bots", "game": "first-contact"})"});
  for (const auto& b : r[0]["bots"]) {
    if (b["name"] != "random") continue;
    EXPECT_NE(b["description"].get<std::string>().find("note-pad"), std::string::npos);
  }
}

// ---- meeple engine, protocol 2: positions, game ids, what a seat knew, go ----

// An engine driven one request at a time (no reader: a go needs a budget).
struct Driver {
  Engine e;
  bool quit = false;
  Json operator()(const Json& req) { return Json::parse(e.handle(req.dump(), quit)); }
};

TEST_F(Programs, EngineHelloNamesItsVersionAndEveryCommandItKnows) {
  Driver ask;
  Json hello = ask({{"cmd", "hello"}});
  ASSERT_TRUE(hello["ok"].get<bool>());
  EXPECT_EQ(hello["engine"], "meeple");
  EXPECT_EQ(hello["protocol"], 2);
  EXPECT_GE(hello["commands"].size(), 20u);
  // Every command it lists is one it knows, and it lists every one it knows.
  for (const auto& c : hello["commands"]) {
    if (c == "quit") continue;
    EXPECT_NE(code_of(ask({{"cmd", c}})), "request/unknown_command") << c;
  }
  const std::string message = ask({{"cmd", "dance"}})["error"]["message"];
  for (const auto& c : hello["commands"])
    EXPECT_NE(message.find(c.get<std::string>()), std::string::npos) << c;
}

TEST_F(Programs, EngineObservationIsTheSeatsTensorAndMask) {
  Driver ask;
  ASSERT_TRUE(ask({{"cmd", "new"}, {"game", "first-contact"}, {"players", 3}, {"seed", 3}})["ok"] ==
              true);
  Json o = ask({{"cmd", "observation"}, {"seat", 1}});  // seat 1 is to act
  ASSERT_TRUE(o["ok"] == true) << o.dump();
  ASSERT_EQ(o["shape"].size(), 1u);
  EXPECT_EQ(o["values"].size(), o["shape"][0].get<std::size_t>());
  Json legal = ask({{"cmd", "legal"}, {"seat", 1}});
  std::size_t legal_n = 0;
  for (const auto& s : legal["seats"]) legal_n += s["actions"].size();
  std::size_t ones = 0;
  for (const auto& v : o["mask"]) ones += v == 1;
  EXPECT_EQ(ones, legal_n);
  EXPECT_GT(ones, 0u);
  // Another seat's tensor is as hidden as its view.
  ASSERT_TRUE(ask({{"cmd", "hide"}, {"seat", 2}})["ok"] == true);
  EXPECT_TRUE(ask({{"cmd", "observation"}, {"seat", 2}})["ok"] == true);
  EXPECT_EQ(code_of(ask({{"cmd", "observation"}, {"seat", 1}})), "engine/hidden");
  EXPECT_EQ(code_of(ask({{"cmd", "observation"}})), "request/malformed");
  EXPECT_EQ(code_of(ask({{"cmd", "observation"}, {"seat", -1}})), "seat/invalid");
}

TEST_F(Programs, EngineLoadsAPositionAndRefusesACorruptOneWithoutChange) {
  Driver ask;
  ASSERT_TRUE(ask({{"cmd", "new"}, {"game", "ufo"}, {"players", 3}, {"seed", 4}})["ok"] == true);
  for (int i = 0; i < 6; ++i)
    ASSERT_TRUE(ask({{"cmd", "bot"}, {"bot", "random"}, {"apply", true}})["ok"] == true);
  const Json state = ask({{"cmd", "state"}})["state"];
  const Json legal = ask({{"cmd", "legal"}});
  // The position loads under another id and is the same game from here.
  Json loaded = ask({{"cmd", "load"}, {"game", "ufo"}, {"state", state}, {"game_id", "b"}});
  ASSERT_TRUE(loaded["ok"].get<bool>()) << loaded.dump();
  EXPECT_EQ(loaded["game_id"], "b");
  EXPECT_EQ(loaded["step"], 0);
  EXPECT_EQ(ask({{"cmd", "state"}, {"game_id", "b"}})["state"], state);
  Json legal_b = ask({{"cmd", "legal"}, {"game_id", "b"}});
  legal_b.erase("game_id");
  EXPECT_EQ(legal_b, legal);
  // It plays on, undoes, and has no record (its moves before are unknown).
  EXPECT_TRUE(ask({{"cmd", "bot"}, {"bot", "random"}, {"apply", true}, {"game_id", "b"}})["ok"] ==
              true);
  EXPECT_EQ(ask({{"cmd", "undo"}, {"game_id", "b"}})["step"], 0);
  EXPECT_EQ(code_of(ask({{"cmd", "save"}, {"game_id", "b"}})), "engine/no_record");
  // Corrupt positions are state/corrupt and change nothing: not the game
  // of that id, not the others.
  Json missing = state;
  missing.erase("active");
  Json wrong = state;
  wrong["players"] = "three";
  const Json before = ask({{"cmd", "list"}});
  for (const Json& bad : {missing, wrong, Json("{\"active\": 0"), Json::array()}) {
    for (const char* id : {"main", "b", "c"}) {
      Json r = ask({{"cmd", "load"}, {"game", "ufo"}, {"state", bad}, {"game_id", id}});
      EXPECT_EQ(code_of(r), "state/corrupt") << bad.dump() << r.dump();
      EXPECT_EQ(r["error"]["message"].get<std::string>().find("json.exception"), std::string::npos);
    }
  }
  EXPECT_EQ(ask({{"cmd", "list"}}), before);
  EXPECT_EQ(ask({{"cmd", "state"}})["state"], state);
  EXPECT_EQ(code_of(ask({{"cmd", "load"}, {"state", state}})), "request/malformed");  // no game
  EXPECT_EQ(code_of(ask({{"cmd", "load"}, {"game", "ufo"}, {"state_file", "/nonexistent"}})),
            "io/failed");
}

TEST_F(Programs, EngineHoldsSeveralGamesForksThemAndLimitsTheirNumber) {
  Driver ask;
  ASSERT_TRUE(ask({{"cmd", "new"}, {"game", "first-giants"}, {"players", 2}, {"seed", 5}})["ok"] ==
              true);
  Json f = ask({{"cmd", "fork"}, {"as", "trial"}});
  ASSERT_TRUE(f["ok"].get<bool>()) << f.dump();
  EXPECT_EQ(f["game_id"], "trial");
  const Json main_state = ask({{"cmd", "state"}})["state"];
  EXPECT_EQ(ask({{"cmd", "state"}, {"game_id", "trial"}})["state"], main_state);
  // Moves on the fork leave the original as it was, and the fork draws the
  // same chance the original would (its generators are copied).
  Json on_fork = ask({{"cmd", "bot"}, {"bot", "random"}, {"apply", true}, {"game_id", "trial"}});
  ASSERT_TRUE(on_fork["ok"].get<bool>());
  EXPECT_EQ(on_fork["game_id"], "trial");
  EXPECT_EQ(ask({{"cmd", "state"}})["state"], main_state);
  Json on_main = ask({{"cmd", "apply"}, {"action", on_fork["applied"][0]["action"]}});
  ASSERT_TRUE(on_main["ok"].get<bool>());
  EXPECT_EQ(on_main["applied"], on_fork["applied"]);
  EXPECT_FALSE(on_main.contains("game_id"));  // the main game answers as before
  // A fork without a name gets one; unknown ids are named in the refusal.
  EXPECT_EQ(ask({{"cmd", "fork"}})["game_id"], "fork-1");
  Json none = ask({{"cmd", "status"}, {"game_id", "nosuch"}});
  EXPECT_EQ(code_of(none), "engine/no_game");
  EXPECT_NE(none["error"]["message"].get<std::string>().find("trial"), std::string::npos);
  EXPECT_EQ(code_of(ask({{"cmd", "status"}, {"game_id", "no spaces"}})), "request/malformed");
  // At most max_games games; closing one makes room.
  const int max = ask({{"cmd", "hello"}})["max_games"];
  for (int i = 3; i < max; ++i)
    ASSERT_TRUE(ask({{"cmd", "fork"}, {"as", "g" + std::to_string(i)}})["ok"] == true) << i;
  EXPECT_EQ(ask({{"cmd", "list"}})["games"].size(), static_cast<std::size_t>(max));
  Json over = ask({{"cmd", "new"}, {"game", "ufo"}, {"game_id", "extra"}});
  EXPECT_EQ(code_of(over), "engine/too_many_games");
  EXPECT_EQ(code_of(ask({{"cmd", "fork"}, {"as", "extra"}})), "engine/too_many_games");
  // Replacing a game under its own id is no new game.
  EXPECT_TRUE(ask({{"cmd", "new"}, {"game", "ufo"}, {"game_id", "g3"}})["ok"] == true);
  EXPECT_TRUE(ask({{"cmd", "close"}, {"game_id", "g3"}})["ok"] == true);
  EXPECT_TRUE(ask({{"cmd", "new"}, {"game", "ufo"}, {"game_id", "extra"}})["ok"] == true);
}

// Plays random moves in `ask`'s main game (every seat to act in turn).
void random_moves(Driver& ask, int n) {
  for (int i = 0; i < n; ++i) {
    Json st = ask({{"cmd", "status"}});
    if (st["terminal"] == true) return;
    ASSERT_TRUE(ask({{"cmd", "bot"},
                     {"bot", "random"},
                     {"seat", st["to_act"][0]},
                     {"apply", true}})["ok"] == true);
  }
}

TEST_F(Programs, EngineHistoryIsWhatEachSeatSawInOrder) {
  for (const AnyGame* g : all_games()) {
    Driver ask;
    ASSERT_TRUE(ask({{"cmd", "new"},
                     {"game", g->name()},
                     {"players", 3},
                     {"seed", 2},
                     {"params", g->param_variants().front()}})["ok"] == true);
    random_moves(ask, 40);
    const Json rec = ask({{"cmd", "save"}})["record"];
    const std::size_t steps = rec["actions"].size();
    for (Seat seat = 0; seat < 3; ++seat) {
      Json h = ask({{"cmd", "history"}, {"seat", seat}});
      ASSERT_TRUE(h["ok"].get<bool>()) << h.dump();
      ASSERT_EQ(h["steps"].size(), steps + 1) << g->name();
      // Views as the seat had them: the first and the last are its views
      // then; its own actions are told with their JSON form, nobody else's.
      EXPECT_EQ(h["steps"].back()["view"], ask({{"cmd", "view"}, {"seat", seat}})["view"]);
      auto fresh = g->new_game(rec["params"], 3);
      EXPECT_EQ(h["steps"][0]["view"], fresh->view(seat));
      for (std::size_t i = 1; i <= steps; ++i) {
        const Json& e = h["steps"][i];
        EXPECT_EQ(e["step"], i);
        EXPECT_EQ(e["actor"], rec["actions"][i - 1]["seat"]);
        EXPECT_EQ(e.contains("action"), e["actor"] == seat) << g->name() << " " << e.dump();
        if (e["actor"] == seat) {
          EXPECT_EQ(e["action"], rec["actions"][i - 1]["json"]);
        }
      }
    }
    // Without views, and from a step on.
    Json tail = ask({{"cmd", "history"}, {"seat", 1}, {"views", false}, {"from", steps}});
    ASSERT_EQ(tail["steps"].size(), 1u);
    EXPECT_FALSE(tail["steps"][0].contains("view"));
    EXPECT_EQ(code_of(ask({{"cmd", "history"}})), "request/malformed");
    EXPECT_EQ(code_of(ask({{"cmd", "history"}, {"seat", 7}})), "seat/invalid");
  }
}

// hide: once a game shows one seat's view, nothing the engine answers lets
// the program tell apart two moves of another seat that this seat cannot
// tell apart (First Contact's secret offers, drawn cards): found by
// trying pairs of moves in random games.
TEST_F(Programs, EngineHideShowsOnlyWhatTheSeatMayKnow) {
  int pairs = 0;
  for (const AnyGame* g : all_games()) {
    auto st = g->new_game(g->param_variants().front(), 3);
    Rng rng(9);
    st->resolve_chance(rng);
    for (int step = 0; step < 300 && !st->is_terminal() && pairs < 40; ++step) {
      const Seat mover = st->to_act().lowest();
      // Seat 0 looks; another seat moves.
      if (mover != 0) {
        const ActionList legal = st->legal_actions(mover);
        for (std::size_t i = 0; i + 1 < legal.size() && i < 6; ++i) {
          AnyState a = *st, b = *st;
          a.apply(mover, legal[i]);
          b.apply(mover, legal[i + 1]);
          if (a.view(0) != b.view(0)) continue;
          // Seat 0 cannot tell these apart: neither may the program.
          ++pairs;
          Driver ask;
          const Json load = {{"cmd", "load"},
                             {"game", g->name()},
                             {"state", st->to_json()},
                             {"hide", 0},
                             {"chance", "explicit"}};
          ASSERT_TRUE(ask(load)["ok"] == true);
          Json ra = ask({{"cmd", "apply"}, {"seat", mover}, {"action", legal[i]}});
          Json ha = ask({{"cmd", "history"}});
          Json sa = ask({{"cmd", "state"}});
          ASSERT_TRUE(ask({{"cmd", "undo"}})["ok"] == true);
          Json rb = ask({{"cmd", "apply"}, {"seat", mover}, {"action", legal[i + 1]}});
          Json hb = ask({{"cmd", "history"}});
          Json sb = ask({{"cmd", "state"}});
          ASSERT_TRUE(ra["ok"] == true) << ra.dump();
          EXPECT_EQ(ra, rb) << g->name();
          EXPECT_EQ(ha, hb) << g->name();
          EXPECT_EQ(sa, sb) << g->name();
          EXPECT_FALSE(sa.contains("state"));
          EXPECT_EQ(ra["applied"][0]["hidden"], true);
          EXPECT_FALSE(ra["applied"][0].contains("json"));
          // The other seat's view, actions, advice and record stay hidden.
          EXPECT_EQ(code_of(ask({{"cmd", "view"}, {"seat", mover}})), "engine/hidden");
          EXPECT_EQ(code_of(ask({{"cmd", "history"}, {"seat", mover}})), "engine/hidden");
          EXPECT_EQ(code_of(ask({{"cmd", "save"}})), "engine/hidden");
          EXPECT_EQ(code_of(ask({{"cmd", "hide"}, {"seat", 1}})), "engine/hidden");
          EXPECT_TRUE(ask({{"cmd", "view"}, {"seat", "spectator"}})["ok"] == true);
          EXPECT_TRUE(ask({{"cmd", "fork"}, {"as", "copy"}})["ok"] == true);
          EXPECT_EQ(code_of(ask({{"cmd", "state"}, {"game_id", "copy"}})), "");
          EXPECT_FALSE(ask({{"cmd", "state"}, {"game_id", "copy"}}).contains("state"));
          break;
        }
      }
      st->apply(mover,
                st->legal_actions(
                    mover)[rng.below(static_cast<std::uint32_t>(st->legal_actions(mover).size()))]);
      st->resolve_chance(rng);
    }
  }
  EXPECT_GE(pairs, 5);  // secret moves were found and tried
  // A seat to act that is not the hidden one: its actions are not listed.
  Driver ask;
  ASSERT_TRUE(ask({{"cmd", "new"}, {"game", "ufo"}, {"players", 3}, {"hide", 1}})["ok"] == true);
  EXPECT_EQ(ask({{"cmd", "status"}})["to_act"], Json::array({0}));
  EXPECT_EQ(code_of(ask({{"cmd", "legal"}, {"seat", 0}})), "engine/hidden");
  EXPECT_EQ(code_of(ask({{"cmd", "bot"}})), "engine/hidden");  // advice for seat 0
  EXPECT_EQ(code_of(ask({{"cmd", "go"}, {"iterations", 10}})), "engine/hidden");
  Json played = ask({{"cmd", "bot"}, {"apply", true}, {"bot", "heuristic"}});
  ASSERT_TRUE(played["ok"].get<bool>()) << played.dump();
  EXPECT_FALSE(played.contains("choice"));
  EXPECT_EQ(ask({{"cmd", "legal"}})["seats"][0]["seat"], 1);
  EXPECT_EQ(code_of(ask({{"cmd", "new"}, {"game", "ufo"}, {"players", 3}, {"hide", 3}})),
            "seat/invalid");
}

TEST_F(Programs, EngineGoThinksWithinItsBudgetAndTellsHowItGoes) {
  auto r = engine({R"({"cmd": "new", "game": "first-giants", "players": 2, "seed": 3})",
                   R"({"cmd": "go", "iterations": 400, "info_ms": 10, "id": "g"})",
                   R"({"cmd": "status"})"});
  ASSERT_GE(r.size(), 4u);
  const Json& done = r[r.size() - 2];
  ASSERT_TRUE(done["ok"].get<bool>()) << done.dump();
  EXPECT_EQ(done["iterations"], 400);
  EXPECT_EQ(done["stopped"], false);
  EXPECT_EQ(done["id"], "g");
  // The last info line is the search's end: its most visited action is
  // the bestmove, its line starts with it, visits add up to the iterations.
  const Json& info = r[r.size() - 3]["info"];
  EXPECT_EQ(r[r.size() - 3]["id"], "g");
  EXPECT_EQ(info["iterations"], 400);
  EXPECT_EQ(info["root"][0]["action"], done["bestmove"]["action"]);
  EXPECT_EQ(info["line"][0]["action"], done["bestmove"]["action"]);
  std::uint64_t visits = 0;
  for (const auto& v : info["root"]) {
    visits += v["visits"].get<std::uint64_t>();
    EXPECT_GE(v["win"].get<double>(), 0.0);
    EXPECT_LE(v["win"].get<double>(), 1.0);
  }
  EXPECT_LE(visits, 400u);
  EXPECT_GT(visits, 300u);
  EXPECT_EQ(r.back()["step"], r[0]["step"]);  // go without apply plays nothing
  // The same seed and budget think the same.
  auto again = engine({R"({"cmd": "new", "game": "first-giants", "players": 2, "seed": 3})",
                       R"({"cmd": "go", "iterations": 400, "apply": true})"});
  EXPECT_EQ(again.back()["bestmove"], done["bestmove"]);
  EXPECT_EQ(again.back()["applied"][0]["action"], done["bestmove"]["action"]);
}

TEST_F(Programs, EngineStopEndsAGoThatWouldRunForEver) {
  // The reader sees the stop while the go searches (or before it begins);
  // the end of the input stops one too.
  auto r = engine({R"({"cmd": "new", "game": "ufo", "players": 3, "seed": 7})",
                   R"({"cmd": "go", "infinite": true, "id": 1})", R"({"cmd": "stop", "id": 2})",
                   R"({"cmd": "go", "infinite": true, "id": 3})"});
  std::vector<Json> answers;
  for (const auto& l : r)
    if (l.contains("ok")) answers.push_back(l);
  ASSERT_EQ(answers.size(), 4u);
  EXPECT_EQ(answers[1]["id"], 1);
  EXPECT_EQ(answers[1]["stopped"], true);
  EXPECT_TRUE(answers[1]["bestmove"].contains("action"));
  EXPECT_EQ(answers[2], (Json{{"ok", true}, {"id", 2}}));
  EXPECT_EQ(answers[3]["stopped"], true);
  // Refusals: no budget, two budgets, a bot that does not search, infinite
  // without a reader.
  Driver ask;
  ask({{"cmd", "new"}, {"game", "ufo"}, {"players", 3}});
  EXPECT_EQ(code_of(ask({{"cmd", "go"}})), "request/malformed");
  EXPECT_EQ(code_of(ask({{"cmd", "go"}, {"ms", 10}, {"infinite", true}})), "request/malformed");
  EXPECT_EQ(code_of(ask({{"cmd", "go"}, {"ms", 10}, {"bot", "heuristic"}})), "bot/unknown");
  EXPECT_EQ(code_of(ask({{"cmd", "go"}, {"infinite", true}})), "request/malformed");
  EXPECT_EQ(code_of(ask({{"cmd", "go"}, {"iterations", 0}})), "request/malformed");
}

// games: each game's facts, checked against random games of every variant
// and player count: every action and chance outcome is below the action
// space, and a game with chance begins with it.
TEST_F(Programs, EngineGameFactsHoldInRandomGames) {
  Driver ask;
  const Json games = ask({{"cmd", "games"}})["games"];
  ASSERT_EQ(games.size(), all_games().size());
  int endless = 0;
  for (const Json& d : games) {
    endless += d["facts"].contains("endless");
    const AnyGame* g = find_game(d["name"].get<std::string>());
    const Json& facts = d["facts"];
    EXPECT_EQ(facts["utility"]["min"], 0);
    EXPECT_EQ(facts["utility"]["max"], 1);
    EXPECT_EQ(facts["chance"], "explicit") << g->name();
    // A game that can go on without end shows two moves that return a
    // state to itself, and claims no bound; one with a bound has no such
    // moves.
    EXPECT_EQ(facts["max_length"].is_null(), facts.contains("endless")) << g->name();
    if (facts.contains("endless")) {
      const Json& loop = facts["endless"];
      Driver check;
      ASSERT_TRUE(check({{"cmd", "load"}, {"game", g->name()}, {"state", loop["state"]}})["ok"] ==
                  true);
      for (const Json& a : loop["actions"])
        ASSERT_TRUE(check({{"cmd", "apply"}, {"seat", loop["seat"]}, {"action", a}})["ok"] == true);
      EXPECT_EQ(check({{"cmd", "state"}})["state"], loop["state"]) << g->name();
    }
    const int space = facts["action_space"];
    ASSERT_GT(space, 0);
    Rng rng(17);
    for (const Json& params : g->param_variants())
      for (int players = g->min_players(); players <= g->max_players(); ++players) {
        auto st = g->new_game(params, players);
        if (!st) continue;
        // The bound for this many players, if the game has one.
        std::int64_t bound = -1;
        for (const Json& b : facts.value("max_length_by", Json::array()))
          if (b["players"] == players) bound = b["max_length"];
        EXPECT_EQ(bound >= 0, !facts["max_length"].is_null()) << g->name() << " " << players;
        int step = 0;
        for (; step < 3000 && !st->is_terminal(); ++step) {
          if (st->is_chance()) {
            const ChanceList outcomes = st->chance_outcomes();
            for (const auto& o : outcomes) ASSERT_LT(o.action, space) << g->name();
            st->apply(kChance, sample_chance(outcomes, rng));
            continue;
          }
          const Seat seat = st->to_act().lowest();
          const ActionList legal = st->legal_actions(seat);
          for (Action a : legal) ASSERT_LT(a, space) << g->name();
          // Mostly decisive moves, so that games end.
          const ActionList primary = st->primary_actions(seat);
          const ActionList& pick = rng.below(4) == 0 ? legal : primary;
          st->apply(seat, pick[rng.below(static_cast<std::uint32_t>(pick.size()))]);
        }
        if (bound >= 0) {
          EXPECT_TRUE(st->is_terminal()) << g->name();
          EXPECT_LE(step, bound) << g->name() << " " << players;
        }
      }
  }
  // First Contact's free note-pad edits, Ufo!'s free flights over its own
  // spaces.
  EXPECT_GE(endless, 2);
}

// ---- docs/engine-protocol.md: every example runs ----

// Whether `got` is what the doc shows: "..." as a string stands for any
// value, an array ending in "..." for any longer array starting so, and an
// object with the key "..." for one with more keys.
bool matches(const Json& doc, const Json& got, std::string& why, const std::string& path = "") {
  if (doc == "...") return true;
  if (doc.is_object() && got.is_object()) {
    for (const auto& [k, v] : doc.items()) {
      if (k == "...") continue;
      if (!got.contains(k)) return why = path + "." + k + " missing", false;
      if (!matches(v, got[k], why, path + "." + k)) return false;
    }
    if (!doc.contains("..."))
      for (const auto& [k, v] : got.items())
        if (!doc.contains(k)) return why = path + "." + k + " not in the doc", false;
    return true;
  }
  if (doc.is_array() && got.is_array()) {
    const bool prefix = !doc.empty() && doc.back() == "...";
    const std::size_t n = doc.size() - (prefix ? 1 : 0);
    if (prefix ? got.size() < n : got.size() != n)
      return why = path + ": " + std::to_string(got.size()) + " elements", false;
    for (std::size_t i = 0; i < n; ++i)
      if (!matches(doc[i], got[i], why, path + "[" + std::to_string(i) + "]")) return false;
    return true;
  }
  if (doc != got) return why = path + ": doc " + doc.dump() + ", got " + got.dump(), false;
  return true;
}

TEST_F(Programs, EngineProtocolDocExamplesAreTrue) {
  std::ifstream f(std::string(MEEPLE_SOURCE_DIR) + "/docs/engine-protocol.md");
  ASSERT_TRUE(f) << "docs/engine-protocol.md";
  // The doc's sessions: ```jsonl blocks, "> " request lines and "< "
  // responses; each block a fresh engine.
  std::vector<std::vector<std::pair<char, std::string>>> blocks;
  bool in_block = false;
  for (std::string line; std::getline(f, line);) {
    if (line.starts_with("```jsonl")) {
      in_block = true;
      blocks.emplace_back();
    } else if (line.starts_with("```")) {
      in_block = false;
    } else if (in_block && (line.starts_with("> ") || line.starts_with("< "))) {
      blocks.back().push_back({line[0], line.substr(2)});
    }
  }
  ASSERT_GE(blocks.size(), 2u);
  // Paths in the doc are relative to the source folder.
  const auto cwd = std::filesystem::current_path();
  std::filesystem::current_path(MEEPLE_SOURCE_DIR);
  int checked = 0;
  for (const auto& block : blocks) {
    std::vector<std::string> requests;
    std::vector<Json> expected;
    std::vector<std::vector<Json>> expected_info;
    for (const auto& [dir, text] : block) {
      if (dir == '>') {
        requests.push_back(text);
        expected_info.emplace_back();
      } else if (Json j = Json::parse(text); j.contains("info") && !j.contains("ok")) {
        ASSERT_EQ(expected.size() + 1, requests.size()) << "an info line out of place: " << text;
        expected_info.back().push_back(std::move(j));
      } else {
        ASSERT_EQ(expected.size() + 1, requests.size())
            << "a response without its request: " << text;
        expected.push_back(std::move(j));
      }
    }
    ASSERT_EQ(expected.size(), requests.size());
    // A go's info lines come before its response: the doc's (a few of
    // them) must match some of the engine's, in order.
    auto lines = engine(requests);
    std::vector<Json> got;
    std::vector<std::vector<Json>> got_info(1);
    for (auto& l : lines) {
      if (l.contains("info") && !l.contains("ok")) {
        got_info.back().push_back(std::move(l));
      } else {
        got.push_back(std::move(l));
        got_info.emplace_back();
      }
    }
    ASSERT_EQ(got.size(), requests.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
      std::string why;
      std::size_t next = 0;
      for (const Json& want : expected_info[i]) {
        while (next < got_info[i].size() && !matches(want, got_info[i][next], why)) ++next;
        EXPECT_LT(next, got_info[i].size())
            << requests[i] << "\n  no info line like " << want.dump() << "\n  " << why;
        ++next;
        ++checked;
      }
      EXPECT_TRUE(matches(expected[i], got[i], why))
          << requests[i] << "\n  doc: " << expected[i].dump() << "\n  got: " << got[i].dump()
          << "\n  " << why;
      ++checked;
    }
  }
  std::filesystem::current_path(cwd);
  EXPECT_GE(checked, 20);
}

}  // namespace
}  // namespace meeple::cli
