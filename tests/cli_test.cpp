// The meeple subcommands, run in-process on the toy game (and on every real
// game for the listing), including their error paths.
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <gtest/gtest.h>

#include "bots/arena.h"
#include "bots/bot.h"
#include "bots/levels.h"
#include "cli/choice_input.h"
#include "cli/commands.h"
#include "cli/layout.h"
#include "cli/rules_text.h"
#include "core/any_game.h"
#include "games/registry.h"
#include "room/guide.h"
#include "room/room.h"
#include "tests/toy/registered.h"

namespace meeple::cli {
namespace {

const AnyGame& kToy = toy::registered_high_card();

class Cli : public testing::Test {
 protected:
  std::ostringstream out, err;
  std::istringstream in;
};

TEST_F(Cli, GamesJsonListsEveryRegisteredGameWithSchema) {
  ASSERT_EQ(cmd_games({.json = true}, out, err), 0);
  Json j = Json::parse(out.str());
  ASSERT_TRUE(j["games"].is_array());
  EXPECT_EQ(j["games"].size(), all_games().size());
  for (const auto& g : j["games"]) {
    EXPECT_TRUE(g["name"].is_string());
    EXPECT_LE(g["min_players"].get<int>(), g["max_players"].get<int>());
    for (const auto& p : g["params"]) {
      EXPECT_TRUE(p.contains("default"));
      EXPECT_FALSE(p["description"].get<std::string>().empty());
    }
  }
}

TEST_F(Cli, NewResolvesChanceUnlessAskedToStop) {
  ASSERT_EQ(
      cmd_new({.game = "high-card", .players = 3, .seed = 5, .params = {"rounds=2"}}, out, err), 0);
  Json s = Json::parse(out.str());
  EXPECT_EQ(s["players"], 3);
  EXPECT_EQ(s["rounds"], 2);
  EXPECT_EQ(s["dealt"], 3);
  out.str("");
  ASSERT_EQ(cmd_new({.game = "high-card", .players = 2, .stop_at_chance = true}, out, err), 0);
  EXPECT_EQ(Json::parse(out.str())["dealt"], 0);
}

TEST_F(Cli, NewRejectsBadInput) {
  EXPECT_EQ(cmd_new({.game = "chess"}, out, err), 2);
  EXPECT_NE(err.str().find("game/unknown"), std::string::npos);
  EXPECT_EQ(cmd_new({.game = "high-card", .players = 9}, out, err), 2);
  EXPECT_NE(err.str().find("game/players"), std::string::npos);
  EXPECT_EQ(cmd_new({.game = "high-card", .params = {"speed=3"}}, out, err), 2);
  EXPECT_NE(err.str().find("params/unknown"), std::string::npos);
  EXPECT_EQ(cmd_new({.game = "high-card", .params = {"rounds=99"}}, out, err), 2);
  EXPECT_NE(err.str().find("params/invalid"), std::string::npos);
}

TEST_F(Cli, ApplyPlaysActionsOnAStateFromStdin) {
  ASSERT_EQ(cmd_new({.game = "high-card", .players = 2, .stop_at_chance = true}, out, err), 0);
  in.str(out.str());
  out.str("");
  ASSERT_EQ(cmd_apply({.game = "high-card",
                       .state_file = "-",
                       .actions = {R"({"seat": -1, "action": {"card": 6}})",
                                   R"({"action": {"card": 2}})", R"({"seat": 0, "action": 1})"}},
                      in, out, err),
            0)
      << err.str();
  Json s = Json::parse(out.str());
  EXPECT_EQ(s["card"][0], 6);
  EXPECT_EQ(s["card"][1], 2);
  EXPECT_EQ(s["bets"][0], 1);
}

TEST_F(Cli, ApplyReportsIllegalAndMalformedActionsWithExitCode2) {
  ASSERT_EQ(cmd_new({.game = "high-card", .players = 2, .seed = 1}, out, err), 0);
  std::string state = out.str();
  struct {
    std::string action, code;
  } cases[] = {{R"({"seat": 0, "action": 4})", "action/illegal"},
               {R"({"seat": -1, "action": 0})", "action/not_your_turn"},
               {R"({"seat": 0, "action": {"bet": 3}})", "action/malformed"},
               {"not json", "action/malformed"},
               {R"({"seat": 0})", "action/malformed"}};
  for (const auto& c : cases) {
    in.clear();
    in.str(state);
    err.str("");
    EXPECT_EQ(
        cmd_apply({.game = "high-card", .state_file = "-", .actions = {c.action}}, in, out, err), 2)
        << c.action;
    EXPECT_NE(err.str().find(c.code), std::string::npos) << c.action << " -> " << err.str();
  }
  in.clear();
  in.str("{\"players\": ");  // a truncated state file is a corrupt state
  EXPECT_EQ(cmd_apply({.game = "high-card", .state_file = "-"}, in, out, err), 2);
  EXPECT_NE(err.str().find("state/corrupt"), std::string::npos);
  EXPECT_NE(err.str().find("ends early"), std::string::npos) << err.str();
  in.clear();
  in.str(R"({"players": 2})");
  EXPECT_EQ(cmd_apply({.game = "high-card", .state_file = "-"}, in, out, err), 2);
  EXPECT_NE(err.str().find("state/corrupt"), std::string::npos);
  EXPECT_EQ(cmd_apply({.game = "high-card", .state_file = "/nonexistent/x.json"}, in, out, err), 2);
  EXPECT_NE(err.str().find("io/failed"), std::string::npos);
}

TEST_F(Cli, SelfplayJsonSummaryAndRecordsThatReplay) {
  auto dir = std::filesystem::temp_directory_path() / "meeple_cli_test_records";
  std::filesystem::remove_all(dir);
  ASSERT_EQ(cmd_selfplay({.game = "high-card",
                          .players = 3,
                          .games = 5,
                          .seed = 2,
                          .record_dir = dir.string(),
                          .json = true},
                         out, err),
            0)
      << out.str() << err.str();
  Json j = Json::parse(out.str());
  for (const char* k : {"game", "games", "actions", "seconds", "actions_per_second", "errors",
                        "longest_game_actions", "wins"})
    EXPECT_TRUE(j.contains(k)) << k;
  EXPECT_EQ(j["games"], 5);
  EXPECT_EQ(j["errors"], 0);
  EXPECT_EQ(j["wins"].size(), 3u);
  int files = 0;
  for (const auto& f : std::filesystem::directory_iterator(dir)) {
    ++files;
    std::ostringstream rout, rerr;
    std::istringstream rin;
    EXPECT_EQ(cmd_replay({.file = f.path().string()}, rin, rout, rerr), 0) << rerr.str();
    EXPECT_NE(rout.str().find("result matches"), std::string::npos);
  }
  EXPECT_EQ(files, 5);

  // Same seed, same games.
  std::ostringstream again, again_err;
  ASSERT_EQ(cmd_selfplay({.game = "high-card", .players = 3, .games = 5, .seed = 2, .json = true},
                         again, again_err),
            0);
  EXPECT_EQ(Json::parse(again.str())["wins"], j["wins"]);
  EXPECT_EQ(Json::parse(again.str())["actions"], j["actions"]);
}

TEST_F(Cli, SelfplayRejectsUnknownBotsAndWrongBotCounts) {
  EXPECT_EQ(cmd_selfplay({.game = "high-card", .players = 2, .bots = "genius"}, out, err), 2);
  EXPECT_NE(err.str().find("bot/unknown"), std::string::npos);
  EXPECT_EQ(
      cmd_selfplay({.game = "high-card", .players = 2, .bots = "random,random,random"}, out, err),
      2);
  EXPECT_NE(err.str().find("bot/count"), std::string::npos);
}

TEST_F(Cli, ReplayRejectsTamperedAndCorruptRecords) {
  auto dir = std::filesystem::temp_directory_path() / "meeple_cli_test_replay";
  std::filesystem::remove_all(dir);
  ASSERT_EQ(
      cmd_selfplay({.game = "high-card", .players = 2, .games = 1, .record_dir = dir.string()}, out,
                   err),
      0);
  auto file = std::filesystem::directory_iterator(dir)->path();
  std::ifstream f(file);
  Json rec = Json::parse(f);
  rec["result"]["score"][0] = 1234;
  in.str(rec.dump());
  // A tampered record is bad input: exit 2, and the words name the field
  // that differs instead of printing both whole results.
  EXPECT_EQ(cmd_replay({.file = "-"}, in, out, err), 2);
  EXPECT_NE(err.str().find("record/mismatch"), std::string::npos);
  EXPECT_NE(err.str().find("/score/0: recorded 1234"), std::string::npos) << err.str();
  err.str("");
  in.clear();
  in.str(R"({"format": "meeple-record/1"})");
  EXPECT_EQ(cmd_replay({.file = "-"}, in, out, err), 2);
  EXPECT_NE(err.str().find("record/corrupt"), std::string::npos);
}

TEST_F(Cli, AnalyseReviewsASeatsDecisionsInWordsAndJson) {
  auto dir = std::filesystem::temp_directory_path() / "meeple_cli_test_analyse";
  std::filesystem::remove_all(dir);
  ASSERT_EQ(cmd_selfplay({.game = "first-giants",
                          .players = 2,
                          .games = 1,
                          .seed = 2,
                          .bots = "random",
                          .record_dir = dir.string(),
                          .check_every = 0},
                         out, err),
            0);
  const std::string file = std::filesystem::directory_iterator(dir)->path().string();
  out.str("");
  ASSERT_EQ(cmd_analyse({.file = file, .seat = 1, .budget = "50", .json = true}, in, out, err), 0)
      << err.str();
  const Json j = Json::parse(out.str());
  EXPECT_EQ(j["seat"], 1);
  ASSERT_GT(j["decisions"].size(), 5u);
  EXPECT_TRUE(j["decisions"][0]["taken"]["words"].is_string());
  out.str("");
  ASSERT_EQ(cmd_analyse({.file = file, .seat = 1, .budget = "50"}, in, out, err), 0);
  EXPECT_NE(out.str().find("decisions reviewed with ismcts:50"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("the bot: "), std::string::npos) << out.str();
  EXPECT_EQ(cmd_analyse({.file = file, .seat = 7}, in, out, err), 2);
  EXPECT_NE(err.str().find("review/seat"), std::string::npos) << err.str();
}

}  // namespace
}  // namespace meeple::cli

namespace meeple::cli {
namespace {

TEST_F(Cli, ArenaReportsEveryBotWithIntervals) {
  ASSERT_EQ(
      cmd_arena(
          {.game = "high-card", .bots = "random,random", .games = 40, .players = 2, .json = true},
          out, err),
      0)
      << err.str();
  Json j = Json::parse(out.str());
  EXPECT_EQ(j["games"], 40);
  // Two entries of one bot are merged: 2 seats x 40 games.
  ASSERT_EQ(j["bots"].size(), 1u);
  const Json& b = j["bots"][0];
  EXPECT_EQ(b["name"], "random");
  EXPECT_EQ(b["games"], 80);
  EXPECT_GE(b["wins"].get<int>(), 40);  // every game has at least one winner
  double lo = b["ci95"][0], hi = b["ci95"][1], rate = b["win_rate"];
  EXPECT_LT(lo, rate);
  EXPECT_GT(hi, rate);
  EXPECT_EQ(cmd_arena({.game = "high-card", .bots = "nobody", .games = 1}, out, err), 2);
  EXPECT_NE(err.str().find("bot/unknown"), std::string::npos);
}

TEST(Arena, WilsonIntervalsMatchTheTextbookAndHoldTheRate) {
  auto [lo, hi] = wilson95(5, 10);
  EXPECT_NEAR(lo, 0.2366, 1e-4);
  EXPECT_NEAR(hi, 0.7634, 1e-4);
  std::tie(lo, hi) = wilson95(0, 10);
  EXPECT_EQ(lo, 0.0);
  EXPECT_NEAR(hi, 0.2775, 1e-4);
  std::tie(lo, hi) = wilson95(4, 4);  // every game won: the interval reaches 100%
  EXPECT_NEAR(lo, 0.5101, 1e-4);
  EXPECT_EQ(hi, 1.0);
}

TEST_F(Cli, BotBudgetsByIterationsSecondsOrLevel) {
  EXPECT_EQ(parse_budget("250")->iterations, 250);
  EXPECT_EQ(parse_budget("hard")->iterations, 10000);
  EXPECT_EQ(parse_budget("easy")->iterations, 100);
  EXPECT_EQ(parse_budget("0.05s")->seconds, 0.05);
  EXPECT_EQ(parse_budget("0.05s")->iterations, 0);
  // Trees side by side: BUDGETxT.
  EXPECT_EQ(parse_budget("250")->trees, 1);
  EXPECT_EQ(parse_budget("1000x2")->trees, 2);
  EXPECT_EQ(parse_budget("1000x2")->iterations, 1000);
  EXPECT_EQ(parse_budget("0.5sx4")->seconds, 0.5);
  EXPECT_EQ(parse_budget("hardx8")->trees, 8);
  for (const char* bad : {"", "fast", "-3", "1.5", "0", "s", "2x", "1e9", "1000x0", "1000x9",
                          "1000x2x2", "x2", "1000x-1", "1000x 2"})
    EXPECT_FALSE(parse_budget(bad).ok()) << bad;
  auto bad = make_bot(kToy, "ismcts:fast");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().code, "bot/unknown");
  // A time budget alone: the bot searches until the time is up and decides.
  if (all_games().empty()) GTEST_SKIP() << "no game built";
  const AnyGame& game = *all_games()[0];
  auto timed = make_bot(game, "ismcts:0.02s");
  ASSERT_TRUE(timed.ok());
  AnyState s = *game.new_game(Json::object(), game.min_players());
  Rng rng(1);
  while (s.is_chance()) s.apply(kChance, sample_chance(s.chance_outcomes(), rng));
  const Seat seat = s.to_act().lowest();
  const Action a = ask_bot(**timed, s, seat, rng);
  EXPECT_TRUE(s.legal_actions(seat).contains(a));
}

// Empty seats get a medium opponent (docs/bots.md, "Strength ladder"): the
// search at its medium level where the ladder found it the fair opponent,
// First Contact's talker (the one bot that talks with people).
TEST_F(Cli, EmptySeatsGetAMediumOpponent) {
  const std::map<std::string, std::string> expected = {
      {"first-giants", "ismcts:medium"}, {"ufo", "ismcts:medium"}, {"first-contact", "talker"}};
  for (const auto& [name, bot] : expected)
    if (const AnyGame* g = find_game(name)) {
      EXPECT_EQ(default_bot(*g), bot) << name;
      EXPECT_TRUE(make_bot(*g, default_bot(*g)).ok()) << name;
    }
  EXPECT_EQ(default_bot(kToy), "random");
}

// Levels are per game: each game's easy < medium < hard, read through
// parse_budget with the game's name; without a game they keep 100/1000/10000.
TEST_F(Cli, LevelsDependOnTheGame) {
  for (const AnyGame* g : all_games()) {
    const LevelBudgets lv = level_budgets(g->name());
    EXPECT_LT(lv.easy, lv.medium) << g->name();
    EXPECT_LT(lv.medium, lv.hard) << g->name();
    EXPECT_EQ(parse_budget("easy", g->name())->iterations, lv.easy);
    EXPECT_EQ(parse_budget("medium", g->name())->iterations, lv.medium);
    EXPECT_EQ(parse_budget("hard", g->name())->iterations, lv.hard);
  }
  EXPECT_EQ(parse_budget("medium")->iterations, 1000);
  EXPECT_EQ(parse_budget("medium", "no-such-game")->iterations, 1000);
}

TEST_F(Cli, ArenaWithFixedSeatsKeepsEachBotOnItsSeat) {
  ASSERT_EQ(cmd_arena({.game = "high-card",
                       .bots = "random,random,random",
                       .games = 10,
                       .players = 3,
                       .json = true,
                       .fixed_seats = true},
                      out, err),
            0)
      << err.str();
  Json j = Json::parse(out.str());
  EXPECT_TRUE(j["fixed_seats"].get<bool>());
  EXPECT_EQ(j["bots"][0]["seat_games"], Json({10, 10, 10}));
  // One bot per seat is required.
  EXPECT_EQ(cmd_arena({.game = "high-card",
                       .bots = "random,random",
                       .games = 1,
                       .players = 3,
                       .fixed_seats = true},
                      out, err),
            2);
  EXPECT_NE(err.str().find("bot/count"), std::string::npos);
}

}  // namespace
}  // namespace meeple::cli

namespace meeple::cli {
namespace {

// A whole game typed at the prompt: bad input is answered and the prompt
// comes again; the game ends with the result.
TEST_F(Cli, PlayAWholeGameThroughStdin) {
  std::string typed = "hello\n0\n99\nhelp\nboard\nrules\njson {\"bet\": 7}\n";
  for (int i = 0; i < 10; ++i) typed += "b\n";
  in.str(typed);
  ASSERT_EQ(
      cmd_play({.game = "high-card", .seat = 1, .players = 3, .params = {"rounds=3"}, .seed = 4},
               in, out, err),
      0)
      << err.str();
  std::string o = out.str();
  EXPECT_NE(o.find("You are seat 1"), std::string::npos);
  EXPECT_NE(o.find("No choice fits 'hello'"), std::string::npos);
  EXPECT_NE(o.find("No choice fits '99'"), std::string::npos) << "no list position";
  EXPECT_NE(o.find("Type a choice's letter"), std::string::npos);
  EXPECT_NE(o.find("Not possible"), std::string::npos);
  EXPECT_NE(o.find("my_card"), std::string::npos);
  EXPECT_NE(o.find("You: {\"bet\":true}"), std::string::npos);
  EXPECT_NE(o.find("The game is over."), std::string::npos);
  // The other seats' cards of the current round never show: only my_card.
  EXPECT_EQ(o.find("\"card\""), std::string::npos);
}

// Two people at one keyboard: before each one's turn the screen is cleared
// and waits for them (the curtain), so each sees only their own card.
TEST_F(Cli, PlayWithTwoPeopleAtOneKeyboardShowsACurtainBetweenThem) {
  std::string typed;
  for (int i = 0; i < 4; ++i) typed += "ready\nb\n";  // the curtain's Enter, then a bet
  in.str(typed);
  ASSERT_EQ(
      cmd_play(
          {.game = "high-card", .people = {0, 1}, .players = 2, .params = {"rounds=2"}, .seed = 4},
          in, out, err),
      0)
      << err.str();
  const std::string o = out.str();
  EXPECT_NE(o.find("People at this keyboard: seats 0, 1"), std::string::npos);
  EXPECT_NE(o.find("The game is over."), std::string::npos) << "every curtain took one line";
  // Each turn is a screen of its own: cleared, the curtain, cleared again,
  // then one seat's view (one card) and its choices.
  std::vector<std::string> screens;
  for (std::size_t at = o.find("\x1b[2J"); at != std::string::npos;) {
    const std::size_t next = o.find("\x1b[2J", at + 1);
    screens.push_back(o.substr(at, next == std::string::npos ? std::string::npos : next - at));
    at = next;
  }
  ASSERT_GE(screens.size(), 8u);
  int curtains = 0;
  for (std::size_t i = 0; i + 1 < screens.size(); ++i) {
    if (screens[i].find("Pass the keyboard to seat") == std::string::npos) continue;
    ++curtains;
    EXPECT_EQ(screens[i].find("my_card"), std::string::npos) << "the curtain shows no card";
    const std::string& turn = screens[i + 1];
    std::size_t cards = 0;
    for (auto at = turn.find("\n  my_card:"); at != std::string::npos;
         at = turn.find("\n  my_card:", at + 1))
      ++cards;
    EXPECT_EQ(cards, 1u) << "one seat's card per screen:\n" << turn;
  }
  EXPECT_EQ(curtains, 4);
}

// Taking back a move in the terminal: a movement in Ufo! before the dice.
TEST_F(Cli, PlayTakesBackAMoveWhenAsked) {
  if (find_game("ufo") == nullptr) GTEST_SKIP() << "ufo not built";
  std::string typed;
  for (int i = 0; i < 400; ++i) typed += "a\nundo\n";
  in.str(typed);
  ASSERT_EQ(cmd_play({.game = "ufo", .players = 2, .bots = "random", .seed = 2}, in, out, err), 0);
  const std::string o = out.str();
  EXPECT_NE(o.find("(type 'undo' to take back your last move)"), std::string::npos);
  EXPECT_NE(o.find("you take back your move"), std::string::npos);
  EXPECT_NE(o.find("undo/none"), std::string::npos) << "and refuses when nothing can be";
  // --no-undo: never offered, always refused.
  std::istringstream again(typed);
  std::ostringstream o2, e2;
  ASSERT_EQ(cmd_play({.game = "ufo", .players = 2, .bots = "random", .seed = 2, .no_undo = true},
                     again, o2, e2),
            0);
  EXPECT_EQ(o2.str().find("you take back your move"), std::string::npos);
  EXPECT_NE(o2.str().find("undo/off"), std::string::npos);
}

// `hint` at the person's decision: the bot's top choices by their letters,
// each with its chance to win and why, in the person's language; typing a
// shown letter plays that choice; the hint is marked in the kept game's
// record, and the mark stays when the game is resumed.
TEST_F(Cli, PlayGivesAHintAtThePersonsDecisionAndKeepsItsMark) {
  if (find_game("ufo") == nullptr) GTEST_SKIP() << "ufo not built";
  const auto dir = std::filesystem::temp_directory_path() / "meeple_cli_test_hint";
  std::filesystem::create_directories(dir);
  const std::string kept = (dir / "kept.json").string();
  std::filesystem::remove(kept);
  in.str("hint\nquit\n");
  ASSERT_EQ(
      cmd_play({.game = "ufo", .players = 2, .bots = "random", .seed = 2, .record_file = kept}, in,
               out, err),
      0)
      << err.str();
  const std::string o = out.str();
  const auto title = o.find("The bot's best choices (type the letter to play one):");
  ASSERT_NE(title, std::string::npos) << o;
  // "  a) place your 2 Standard UFOs in Paris: 62% chance to win", then why.
  std::istringstream lines(o.substr(title));
  std::string line, first_key, first_words;
  std::getline(lines, line);
  int shown = 0;
  while (std::getline(lines, line) && line.rfind("  ", 0) == 0 &&
         line.find(") ") != std::string::npos &&
         line.find("% chance to win") != std::string::npos) {
    if (shown++ == 0) {
      first_key = line.substr(2, line.find(") ") - 2);
      first_words = line.substr(line.find(") ") + 2, line.rfind(": ") - line.find(") ") - 2);
    }
    std::string why;
    std::getline(lines, why);
    EXPECT_NE(why.find("Wins in "), std::string::npos) << why;
  }
  EXPECT_GE(shown, 1);
  EXPECT_LE(shown, 3);
  ASSERT_FALSE(first_key.empty()) << o;
  // Marked in the kept record, at the person's first decision.
  auto read_kept = [&] {
    std::ifstream f(kept);
    std::stringstream ss;
    ss << f.rdbuf();
    return Json::parse(ss.str());
  };
  Json rec = read_kept();
  ASSERT_TRUE(rec.contains("hints")) << rec.dump().substr(0, 300);
  ASSERT_EQ(rec["hints"].size(), 1u);
  EXPECT_EQ(rec["hints"][0]["seat"], 0);
  const Json marked = rec["hints"];
  // Resumed: the mark stays; the shown letter plays the hinted choice.
  std::istringstream again("hint\n" + first_key + "\nquit\n");
  std::ostringstream o2, e2;
  ASSERT_EQ(cmd_play({.resume_file = kept}, again, o2, e2), 0) << e2.str();
  EXPECT_NE(o2.str().find("You: " + first_words), std::string::npos)
      << "'" << first_words << "' played:\n"
      << o2.str();
  rec = read_kept();
  ASSERT_EQ(rec["hints"].size(), 2u) << "asked again after the resume";
  EXPECT_EQ(rec["hints"][0], marked[0]);
  // In Italian and Korean, by their own words.
  for (const auto& [lang, command, words] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {"it", "suggerimento", "di probabilità di vincere"}, {"ko", "힌트", "이길 확률"}}) {
    std::istringstream typed(command + "\nquit\n");
    std::ostringstream o3, e3;
    ASSERT_EQ(cmd_play({.game = "ufo", .players = 2, .bots = "random", .lang = lang, .seed = 2},
                       typed, o3, e3),
              0);
    EXPECT_NE(o3.str().find(words), std::string::npos) << lang << ":\n" << o3.str();
  }
}

// A refusal is told in the person's language (the error's English message
// once showed on Italian and Korean screens).
TEST_F(Cli, ARefusalIsToldInThePersonsLanguage) {
  if (find_game("ufo") == nullptr) GTEST_SKIP() << "ufo not built";
  for (const auto& [lang, words, english] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {"it", "Non si può: niente da annullare", "nothing to take back"},
           {"ko", "할 수 없습니다: 무를 수 없습니다", "nothing to take back"},
           {"en", "Not possible: nothing to take back", "Not possible: nothing to take back"}}) {
    std::istringstream typed("annulla\nundo\n무르기\njson {\"nope\": 1}\n");
    std::ostringstream o, e;
    ASSERT_EQ(cmd_play({.game = "ufo", .players = 2, .bots = "random", .lang = lang, .seed = 2},
                       typed, o, e),
              0);
    EXPECT_NE(o.str().find(words), std::string::npos) << lang << ":\n" << o.str();
    if (lang != "en") {
      EXPECT_EQ(o.str().find(english), std::string::npos) << lang;
      EXPECT_EQ(o.str().find("cannot be read"), std::string::npos) << "the game's English message";
    }
  }
}

// `meeple learn`: the guide in the terminal, in Italian: before each
// decision the step's words and its rules section, the suggestion marked;
// typing the suggestions (as JSON) follows the script to its end.
TEST_F(Cli, LearnExplainsEachStepAndMarksTheSuggestion) {
  const AnyGame& game = *find_game("first-giants");
  auto script = room::GuideScript::of(game);
  ASSERT_TRUE(script);
  std::string typed;
  for (const auto& step : script->steps) typed += "json " + step.action.dump() + "\n";
  typed += "esci\n";
  in.str(typed);
  ASSERT_EQ(cmd_play({.game = "first-giants", .lang = "it", .learn = true}, in, out, err), 0)
      << err.str();
  const std::string o = out.str();
  auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (auto at = o.find(what); at != std::string::npos; at = o.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_NE(o.find("Impara First Giants"), std::string::npos) << o.substr(0, 300);
  for (const auto& step : script->steps)
    EXPECT_NE(o.find(game.messages()->text(step.say, "it")), std::string::npos) << step.say;
  EXPECT_EQ(count("\n *"), script->steps.size()) << "one suggestion marked per step";
  EXPECT_GE(count("(Nelle regole: "), script->steps.size());
  EXPECT_NE(o.find(game.messages()->text("guide.done", "it")), std::string::npos)
      << "then the person plays on";
  EXPECT_EQ(o.find("Non si può"), std::string::npos) << "every step was legal";
  EXPECT_EQ(cmd_play({.game = "high-card", .learn = true}, in, out, err), 2) << "no guide";
  EXPECT_NE(err.str().find("guide/none"), std::string::npos);
}

TEST_F(Cli, PlayLeavesCleanlyWhenInputEnds) {
  in.str("1\n");
  EXPECT_EQ(cmd_play({.game = "high-card", .players = 2, .seed = 1}, in, out, err), 0);
  EXPECT_NE(out.str().find("Input ended"), std::string::npos);
  EXPECT_EQ(cmd_play({.game = "high-card", .seat = 5, .players = 2}, in, out, err), 2);
  EXPECT_EQ(cmd_play({.game = "high-card", .lang = "fr"}, in, out, err), 2);
}

}  // namespace
}  // namespace meeple::cli

namespace meeple::cli {
namespace {

// A whole game of every real game played through the terminal prompt: the
// person types choice letters (some beyond the list, which must be answered
// with the prompt again) until the result is shown.
TEST_F(Cli, PlayAWholeGameOfEveryGameThroughStdin) {
  for (const AnyGame* game : all_games()) {
    std::string typed;
    for (int i = 0; i < 30000; ++i)
      typed += choice_key(static_cast<std::size_t>((i * 7) % 5)) + "\n";
    std::istringstream game_in(typed);
    std::ostringstream game_out, game_err;
    ASSERT_EQ(cmd_play({.game = std::string(game->name()),
                        .seat = 1,
                        .players = 3,
                        .bots = "random",
                        .seed = 11},
                       game_in, game_out, game_err),
              0)
        << game->name() << ": " << game_err.str();
    const std::string o = game_out.str();
    EXPECT_NE(o.find("The game is over."), std::string::npos) << game->name();
    EXPECT_NE(o.find("Your choices:"), std::string::npos) << game->name();
    // Between turns: the game's own words for what happened when it has
    // them (Ufo!), else the changes to the person's view.
    AnyState probe = *game->new_game(Json::object(), 3);
    if (probe.has_events()) {
      EXPECT_NE(o.find("Since your last move:\n  "), std::string::npos) << game->name();
      EXPECT_EQ(o.find("What changed:"), std::string::npos) << game->name();
    } else {
      EXPECT_NE(o.find("What changed:"), std::string::npos) << game->name();
    }
  }
}

// Ufo! tells every event, dice included, in words.
TEST_F(Cli, UfoPlayTellsWhatTheOthersDidAndRolled) {
  if (find_game("ufo") == nullptr) GTEST_SKIP() << "ufo not built";
  std::string typed;
  for (int i = 0; i < 3000; ++i) typed += "a\n";  // end every phase at once
  in.str(typed);
  ASSERT_EQ(cmd_play({.game = "ufo", .seat = 0, .players = 3, .bots = "heuristic", .seed = 3}, in,
                     out, err),
            0)
      << err.str();
  const std::string o = out.str();
  EXPECT_NE(o.find("seat 1 ends movement"), std::string::npos);
  EXPECT_NE(o.find("seat 2 ends their actions"), std::string::npos);
  EXPECT_NE(o.find("on the control die"), std::string::npos);
}

}  // namespace
}  // namespace meeple::cli

namespace meeple::cli {
namespace {

// A person who only reads the screen sees every public event: whole games of
// every game (First Contact in every edition), in every language, played
// through `meeple play`; each event the person's seat is told by the table
// appears on the screen, in order.
TEST_F(Cli, TheScreenShowsEveryEventOfWholeGames) {
  struct Case {
    std::string game;
    std::vector<std::string> params;
  };
  std::vector<Case> cases;
  for (const AnyGame* game : all_games()) {
    if (game->name() == "first-contact") {
      for (const char* e : {"it", "en", "ko"})
        cases.push_back({std::string(game->name()), {std::string("edition=") + e}});
    } else {
      cases.push_back({std::string(game->name()), {}});
    }
  }
  for (const Case& c : cases)
    for (const char* lang : {"en", "it", "ko"}) {
      const AnyGame& game = *find_game(c.game);
      if (!AnyState(*game.new_game(Json::object(), 3)).has_events()) continue;
      // The same table, played by the first choice's letter (kept through a
      // turn as the screen keeps it), tells these events to seat 1.
      Json params = Json::object();
      for (const auto& kv : c.params)
        params[kv.substr(0, kv.find('='))] = kv.substr(kv.find('=') + 1);
      std::vector<room::SeatConfig> seats(3, {.kind = room::SeatKind::kBot, .bot = "random"});
      seats[1] = {.kind = room::SeatKind::kPerson, .name = "you"};
      auto r = room::Room::open(game, params, seats, {.seed = 21, .languages = {lang}});
      ASSERT_TRUE(r);
      room::Room& table = **r;
      std::string typed;
      std::vector<std::string> told_lines;
      std::map<std::string, std::string> letters;
      std::size_t told = 0;
      for (int guard = 0; guard < 30000; ++guard) {
        ASSERT_FALSE(table.advance());
        for (; told < table.event_count(); ++told) {
          const room::TableEvent& e = table.event(told);
          if (!e.chat && !e.notice && e.actor >= 0 && e.actor != 1) letters.clear();
          const std::string words = table.event_words(told, 1, lang);
          if (words.empty()) continue;
          // Continuation lines of an event are indented under its first.
          std::string line = "  " + words + "\n";
          for (auto nl = line.find('\n'); nl + 1 < line.size(); nl = line.find('\n', nl + 5))
            line.replace(nl, 1, "\n    ");
          told_lines.push_back(line);
        }
        if (table.finished()) break;
        const std::vector<room::Choice> choices = table.choices(1, lang);
        std::vector<std::string> words;
        for (const auto& ch : choices) words.push_back(ch.words);
        typed += stable_keys(words, letters).front() + "\n";
        ASSERT_FALSE(table.act(1, table.version(), choices.front().action));
      }
      EXPECT_TRUE(table.finished());
      std::istringstream game_in(typed);
      std::ostringstream game_out, game_err;
      const PlayArgs args{.game = c.game,
                          .seat = 1,
                          .players = 3,
                          .bots = "random",
                          .params = c.params,
                          .lang = lang,
                          .seed = 21};
      ASSERT_EQ(cmd_play(args, game_in, game_out, game_err), 0) << c.game << " " << lang;
      const std::string screen = game_out.str();
      std::size_t at = 0;
      for (std::size_t k = 0; k < told_lines.size(); ++k) {
        const auto found = screen.find(told_lines[k], at);
        ASSERT_NE(found, std::string::npos)
            << c.game << " " << lang << ": event " << k << " not on screen: " << told_lines[k];
        at = found + told_lines[k].size();
      }
    }
}

}  // namespace
}  // namespace meeple::cli

namespace meeple::cli {
namespace {

// What a typed line picks (cli/choice_input.h): a number is the thing that
// shows it, never a list position; words pick by their starts; ambiguity and
// signed numbers are refused, never guessed.
TEST(ChoiceInput, NumbersMeanTheNumberedThingAndNothingIsGuessed) {
  const std::vector<std::string> squares = {"rotate square 0 (Papyrus)", "rotate square 1 (Honey)",
                                            "rotate square 22 (Soup)", "rotate square 23 (Train)",
                                            "stop rotating and ask (1 card rotated)"};
  using K = TypedChoice::Kind;
  auto pick = [&](std::string_view typed) { return read_choice(squares, typed, true); };
  EXPECT_EQ(pick("23").kind, K::kPicked);
  EXPECT_EQ(pick("23").index, 3u) << "23 is square 23, not the 23rd line";
  EXPECT_EQ(pick("023").index, 3u);
  EXPECT_EQ(pick("23번").index, 3u) << "Korean counts with 번 after the number";
  EXPECT_EQ(pick("번").kind, K::kNone);
  EXPECT_EQ(pick("2번3").kind, K::kBadToken);
  EXPECT_EQ(pick("0").index, 0u);
  EXPECT_EQ(pick("2").kind, K::kNone) << "2 is no square here, and no line number";
  EXPECT_EQ(pick("1").kind, K::kPicked) << "square 1: the count in brackets is no thing";
  EXPECT_EQ(pick("1").index, 1u);
  EXPECT_EQ(pick("1 honey").index, 1u);
  EXPECT_EQ(pick("Tra").index, 3u);
  EXPECT_EQ(pick("rotate").kind, K::kSeveral);
  EXPECT_EQ(pick("stop").index, 4u);
  EXPECT_EQ(pick("1 2").kind, K::kNone) << "no choice shows both";
  for (const char* bad : {"-1", "+2", "#3", "2x", "23."}) {
    EXPECT_EQ(pick(bad).kind, K::kBadToken) << bad;
    EXPECT_EQ(pick(bad).token, bad);
  }
  // Korean choices write the counter after the number ("23번 칸"): typed as
  // 23 or 23번, it is square 23.
  const std::vector<std::string> korean = {"0번 칸 (파피루스) 돌리기", "23번 칸 (기차) 돌리기",
                                           "2번 칸 (책) 돌리기"};
  EXPECT_EQ(read_choice(korean, "23", true).kind, K::kPicked);
  EXPECT_EQ(read_choice(korean, "23", true).index, 1u);
  EXPECT_EQ(read_choice(korean, "23번", true).index, 1u);
  EXPECT_EQ(read_choice(korean, "0", true).index, 0u);
  EXPECT_EQ(read_choice(korean, "3", true).kind, K::kNone);
  // Letters are the list's keys; a key shadows words only as the whole line.
  EXPECT_EQ(pick("b").index, 1u);
  EXPECT_EQ(pick("E").index, 4u);
  EXPECT_EQ(pick("f").kind, K::kNone) << "no sixth choice";
  EXPECT_EQ(read_choice(squares, "b", false).kind, K::kNone) << "free actions have no keys";
  EXPECT_EQ(choice_key(0), "a");
  EXPECT_EQ(choice_key(25), "z");
  EXPECT_EQ(choice_key(26), "aa");
  EXPECT_EQ(choice_key(27), "ab");
  EXPECT_EQ(choice_key(52), "ba");
  EXPECT_TRUE(has_word("note Alive 3"));
  EXPECT_FALSE(has_word("3 4"));
  // Words beyond ASCII match by their starts too.
  EXPECT_EQ(read_choice({"로마에 놓기", "파리에 놓기"}, "로마", true).index, 0u);
}

// A number is the thing the board shows with it, not a number in a
// card's family, size or effect; a bracket that labels a thing counts.
TEST(ChoiceInput, NumbersInCardsTextsAreNoThings) {
  using K = TypedChoice::Kind;
  const std::vector<std::string> dig = {
      "take Doedicurus (mammal, size 1) from dig site 2: Once this turn: gain 1 point.",
      "take Stegosaurus (herbivore, size 2) from dig site 2: Once this turn: exhibit 1 fossil.",
      "take Placodus (swimmer, size 1) from dig site 3: Once this turn: gain 1 amber.",
      "reclaim your pawns (on the dig sites: 1): each gives 1 amber or exhibits 1 fossil"};
  EXPECT_EQ(read_choice(dig, "1", true).kind, K::kNone) << "no dig site 1 here";
  EXPECT_EQ(read_choice(dig, "2", true).fits, (std::vector<std::size_t>{0, 1}))
      << "the two cards of dig site 2, not the size-2 card of dig site 3";
  EXPECT_EQ(read_choice(dig, "3", true).index, 2u);
  EXPECT_EQ(read_choice(dig, "2 stego", true).index, 1u);
  EXPECT_EQ(read_choice(dig, "amber", true).kind, K::kSeveral) << "words still fit everywhere";
  // Korean writes the dig site in brackets: a label, so its number counts.
  const std::vector<std::string> korean = {
      "글립토돈 (거대 포유류, 크기 2) 가져오기 (발굴지 1): 이번 턴에 한 번: 화석 2개를 전시",
      "노토사우루스 (해양 파충류, 크기 1) 가져오기 (발굴지 2): 이번 턴에 한 번: 승점 1점"};
  EXPECT_EQ(read_choice(korean, "1", true).index, 0u);
  EXPECT_EQ(read_choice(korean, "2번", true).index, 1u);
  EXPECT_EQ(read_choice({"secretly choose Alive (pad 1)", "secretly choose Big (pad 2)"}, "1", true)
                .index,
            0u);
  // Free actions go on after their ": ": there the numbers count.
  const std::vector<std::string> notes = {"note pad: write glyph 3 (zigzag) for Alive",
                                          "note pad: write glyph 4 (ring) for Alive"};
  EXPECT_EQ(read_choice(notes, "note alive 3", {}, {}, false).index, 0u);
}

// The keys are the caller's (a choice keeps its letter across a
// turn), and English words fit on an Italian or Korean screen.
TEST(ChoiceInput, KeysAndEnglishWordsAreTheCallers) {
  using K = TypedChoice::Kind;
  const std::vector<std::string> words = {"UFO 1 apre un chiosco a Tivoli", "fine delle azioni"};
  const std::vector<std::string> english = {"UFO 1 opens a kiosk in Tivoli", "end actions"};
  EXPECT_EQ(read_choice(words, "c", {"c", "d"}).index, 0u);
  EXPECT_EQ(read_choice(words, "b", {"c", "d"}).kind, K::kNone) << "b is no key shown";
  EXPECT_EQ(read_choice(words, "kiosk", {"c", "d"}, english).index, 0u);
  EXPECT_EQ(read_choice(words, "chiosco", {"c", "d"}, english).index, 0u);
  EXPECT_EQ(read_choice(words, "end", {"c", "d"}, english).index, 1u);
}

// Rows never wider than the width (Hangul takes two columns),
// broken at spaces or between Hangul syllables, never inside a word that
// fits a row; one row shortened at a word with "…".
TEST(Layout, RowsBreakWhereALineMayBreak) {
  const std::string line =
      "  earthling 1 (seat 1) asked about: Danger, Round, Sharp, Human, Plant, Tool, cities";
  for (int width : {20, 33, 40, 80}) {
    std::string joined;
    for (const auto& row : wrap(line, width)) {
      EXPECT_LE(display_columns(row), static_cast<std::size_t>(width)) << row;
      EXPECT_NE(row.back(), ' ') << row;
      joined += (joined.empty() ? "" : " ") + row.substr(row.find_first_not_of(' '));
    }
    EXPECT_EQ(joined, line.substr(2)) << "every word whole, at width " << width;
  }
  EXPECT_EQ(wrap("citi es", 6), (std::vector<std::string>{"citi", "  es"}));
  EXPECT_EQ(wrap("cities", 4), (std::vector<std::string>{"citi", "  es"}))
      << "only a word wider than the row is cut";
  // Hangul: two columns a syllable; a row may end between syllables.
  const auto rows = wrap("가나다라마바사", 8);
  EXPECT_EQ(rows, (std::vector<std::string>{"가나다라", "  마바사"}));
  EXPECT_EQ(wrap("ab cd", 6, 3), (std::vector<std::string>{"ab", "  cd"}))
      << "the columns a prompt took on the first row count";
  // A row of entries breaks after a "| ".
  EXPECT_EQ(wrap("Alive = glyph 3 | Big = glyph 14", 24).front(), "Alive = glyph 3 |");
  EXPECT_EQ(shorten("seat 1 takes Allosaurus (carnivore)", 20), "seat 1 takes…");
  EXPECT_EQ(shorten("short", 20), "short");
  EXPECT_EQ(shorten("가나다라마바", 7), "가나다…");
  EXPECT_LE(display_columns(shorten("가나다라마바", 7)), 7u);
}

}  // namespace
}  // namespace meeple::cli

namespace meeple::cli {
namespace {

// `rules` in the terminal is text, not Markdown, and sends no player to the
// developers' notes.
TEST(RulesText, EveryBuiltInRulesDocReadsAsPlainText) {
  const std::string sample =
      "# Game: how to play\n\n*For players. The developers' notes are in\n"
      "[game.md](game.md).*\n\n## Your turn\n1. **Move.** See [the map](#map) and `board`.\n";
  EXPECT_EQ(rules_for_terminal(sample),
            "Game: how to play\n=================\n\nYour turn\n---------\n"
            "1. Move. See the map and board.\n");
  EXPECT_EQ(rules_for_terminal("## 게임 소개\n"), "게임 소개\n---------\n")
      << "two columns a syllable";
  for (const AnyGame* game : all_games())
    for (const char* lang : {"en", "it", "ko"}) {
      const std::string_view md = rules_text(game->name(), lang);
      if (md.empty()) continue;
      const std::string text = rules_for_terminal(md);
      EXPECT_GT(text.size(), md.size() / 2) << game->name() << " " << lang;
      for (const char* mark : {"](", "**", "## ", ".md", "`"})
        EXPECT_EQ(text.find(mark), std::string::npos)
            << game->name() << " " << lang << ": " << mark;
    }
}

}  // namespace
}  // namespace meeple::cli

namespace meeple::cli {
namespace {

Json read_json_file(const std::filesystem::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return Json::parse(ss.str());
}

// A kept game keeps how it was played: the record's "play" holds
// the people's seats, the language and --no-undo, and --resume goes on with
// them (in Korean, undo still off) unless told anew; a record of another
// game than the one named is refused with the record's game.
TEST(KeptGames, ResumingGoesOnInTheLanguageAndWaysTheGameWasPlayed) {
  const auto dir = std::filesystem::temp_directory_path() / "meeple_cli_test_kept";
  std::filesystem::create_directories(dir);
  const std::string kept = (dir / "kept.json").string();
  std::filesystem::remove(kept);
  auto run = [](const PlayArgs& args, const std::string& typed, std::string& said) {
    std::istringstream in(typed);
    std::ostringstream out, err;
    const int code = cmd_play(args, in, out, err);
    said = out.str() + err.str();
    return code;
  };
  std::string said;
  ASSERT_EQ(run({.game = "first-contact",
                 .seat = 3,
                 .players = 4,
                 .lang = "ko",
                 .seed = 5,
                 .no_undo = true,
                 .record_file = kept},
                "quit\n", said),
            0)
      << said;
  ASSERT_NE(said.find("안녕히 가세요."), std::string::npos) << said;
  const Json play = read_json_file(kept).at("play");
  EXPECT_EQ(play.value("people", Json()), Json::array({3}));
  EXPECT_EQ(play.value("lang", Json()), "ko");
  EXPECT_EQ(play.value("no_undo", Json()), true);

  // Resumed without --lang: Korean, and undo is still refused.
  ASSERT_EQ(run({.resume_file = kept}, "undo\nquit\n", said), 0) << said;
  EXPECT_NE(said.find("당신은"), std::string::npos) << said;
  EXPECT_NE(said.find("이 테이블에서는 수를 무를 수 없습니다"), std::string::npos) << said;
  EXPECT_NE(said.find("안녕히 가세요."), std::string::npos) << said;
  EXPECT_EQ(said.find("Bye."), std::string::npos) << said;
  EXPECT_EQ(read_json_file(kept).at("play").at("lang"), "ko");

  // --lang given anew wins, and is kept from then on.
  ASSERT_EQ(run({.lang = "it", .resume_file = kept}, "quit\n", said), 0) << said;
  EXPECT_NE(said.find("Ciao."), std::string::npos) << said;
  EXPECT_EQ(read_json_file(kept).at("play").at("lang"), "it");

  // The game named must be the record's.
  EXPECT_EQ(run({.game = "ufo", .resume_file = kept}, "quit\n", said), 2);
  EXPECT_NE(said.find("error: record/mismatch"), std::string::npos) << said;
  EXPECT_NE(said.find("first-contact"), std::string::npos) << said;
  EXPECT_EQ(said.find("Ciao."), std::string::npos) << "nothing was played: " << said;
  EXPECT_EQ(run({.game = "first-contact", .resume_file = kept}, "quit\n", said), 0) << said;
}

}  // namespace
}  // namespace meeple::cli
