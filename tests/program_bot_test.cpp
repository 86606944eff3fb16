// A program bot (bots/program_bot.h) is a player, not the referee: what it is
// sent for a decision is the seat's view and legal actions, never another
// seat's secrets. A program logs every line it receives; the log is checked
// against the true states of the game it played.
#include <fstream>
#include <functional>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include "bots/match.h"
#include "bots/program_bot.h"
#include "games/registry.h"

namespace meeple {
namespace {

// True when some array inside `j` equals `secret`.
bool holds_array(const Json& j, const Json& secret) {
  if (j == secret) return true;
  if (j.is_array() || j.is_object())
    for (const auto& v : j)
      if (holds_array(v, secret)) return true;
  return false;
}

TEST(ProgramBot, IsSentOnlyWhatItsSeatMaySee) {
  const AnyGame* game = find_game("first-contact");
  ASSERT_NE(game, nullptr);
  const std::string log = fmt::format("/tmp/meeple-program-bot-{}.log", getpid());
  std::remove(log.c_str());
  const std::string command =
      fmt::format("python3 {}/tests/programs/fake_player.py good {}", MEEPLE_SOURCE_DIR, log);
  int decisions = 0;
  for (std::uint64_t seed : {1, 2}) {
    const int players = 3;
    AnyState start = *game->new_game(game->param_variants().front(), players);
    // The last seat is an earthling: the language pad (glyph_of) and the
    // request card are the aliens' secrets, the other earthling's
    // characteristic its own.
    const Seat seat = players - 1;
    auto alien = make_bot(*game, "random");
    auto earthling = make_bot(*game, "random");
    ProgramBot program("cmd:" + command, command, 10);
    std::vector<Bot*> bots = {alien->get(), earthling->get(), &program};
    std::vector<AnyState> truths = {start};
    Rng rng(seed);
    MatchOptions opt;
    opt.on_step = [&](const AnyState& s) { truths.push_back(s); };
    // The first 250 actions are enough (random note-taking makes games long).
    opt.max_actions = 250;
    // Every true state the game went through, from the deal on.
    MatchOutcome m = play_match(start, bots, rng, opt);
    ASSERT_FALSE(m.forfeit) << m.forfeit->line();
    // The program is asked where it is the lowest seat to act (play_match),
    // but not in the state where the game was cut short.
    if (!m.finished) truths.pop_back();
    std::vector<const AnyState*> asked;
    for (const auto& t : truths)
      if (!t.is_terminal() && !t.is_chance() && t.to_act().lowest() == seat) asked.push_back(&t);
    std::ifstream in(log);
    std::vector<Json> gos;
    for (std::string line; std::getline(in, line);) {
      Json j = Json::parse(line);
      if (j.value("cmd", "") == "go") gos.push_back(j);
    }
    std::remove(log.c_str());
    ASSERT_EQ(gos.size(), asked.size());
    for (std::size_t k = 0; k < gos.size(); ++k) {
      const Json& go = gos[k];
      const AnyState& truth = *asked[k];
      EXPECT_EQ(go["seat"], seat);
      // Exactly the seat's view of the true state, as a person in the seat sees it.
      EXPECT_EQ(go["view"], truth.view(seat)) << "decision " << k;
      Json legal = Json::array();
      for (Action a : truth.legal_actions(seat)) legal.push_back(a);
      Json sent = Json::array();
      for (const auto& e : go["legal"]) sent.push_back(e["action"]);
      EXPECT_EQ(sent, legal);
      // The aliens' language pad is in no line the earthling's program got.
      const Json secrets = truth.to_json();
      EXPECT_FALSE(holds_array(go, secrets["glyph_of"])) << "decision " << k;
      ++decisions;
    }
  }
  EXPECT_GT(decisions, 10);
}

}  // namespace
}  // namespace meeple
