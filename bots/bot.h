// The Bot interface. A bot decides for one seat from what that seat may know.
//
// Hidden information is structural: the driver never hands a bot the true
// state. It hands a state *determinized for the seat* (AnyState::determinize /
// GameState::determinize): everything the seat can see is as in the true
// state, everything it cannot see is re-sampled. A bot therefore gets the same
// information as a human in that seat, and search bots sample more
// determinizations from it themselves.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/any_game.h"

namespace meeple {

struct BotBudget {
  int iterations = 0;    // 0: the bot's default
  double seconds = 0.0;  // 0: no time limit
  int trees = 1;         // searches side by side on as many threads (root parallel)
  // A search by time alone stops after this many iterations too (0: never):
  // BudgetCap's bound on its memory.
  int max_iterations = 0;
};

// Root parallelism: at most this many trees ("x8"), one thread each.
inline constexpr int kMaxTrees = 8;

// A bot's budget over what the program allows (BudgetCap).
inline constexpr const char* kBotBudgetCode = "bot/budget";

// The most one decision may search: seconds, iterations of all its trees
// together, and trees. Each iteration adds a node to a tree, so the
// iterations bound a decision's memory, and a search by time stops at them
// too whatever the machine's speed. make_bot refuses a spec over the cap (bot/budget): 10^8
// iterations, which every program took before, searched for minutes into
// gigabytes. The default is every program's (`meeple engine
// --max-bot-budget` sets its own); the server's --max-bot-budget is lower.
struct BudgetCap {
  double seconds = 600;
  int iterations = 5'000'000;
  int trees = kMaxTrees;
};
// "Ns,N": seconds and iterations, either or both, replacing `base`'s;
// nullopt when unreadable (a tree count "xT" is not a cap's).
std::optional<BudgetCap> read_budget_cap(std::string_view text, BudgetCap base = {});

// A Bot object plays one seat in one game: drivers make a fresh one for every
// game, so a bot may remember what it saw earlier in the game.
class Bot {
 public:
  virtual ~Bot() = default;
  virtual std::string_view name() const = 0;
  // `info` is consistent with what `seat` knows (see above); `seat` is in
  // info.to_act(). Returns one of info.legal_actions(seat). With an iteration
  // budget, the same info and rng give the same choice.
  virtual Action choose(const AnyState& info, Seat seat, Rng& rng) = 0;
  // A bot that learns from what happens between its decisions (another
  // player's question, a message and its offers) returns true; the driver
  // then calls observe() after every applied action, chance included, with a
  // determinization for the seat of the state after that action, so the
  // bot still sees only what the seat may know. Others pay nothing.
  virtual bool observes() const { return false; }
  virtual void observe(const AnyState& /*info*/, Seat /*seat*/) {}
  // A bot that searches tells what its search makes of each of the seat's
  // actions in `info` (the bot's review, bots/review.h): how often it tried
  // the action and the seat's mean reward then, in [0, 1] (1: a win). Empty
  // for bots that do not search, and where the seat has a single choice.
  struct ActionValue {
    Action action = -1;
    std::uint64_t visits = 0;
    double mean = 0;
  };
  virtual std::vector<ActionValue> values(const AnyState& /*info*/, Seat /*seat*/, Rng& /*rng*/) {
    return {};
  }
  // Thinking as a UCI engine does (`meeple engine`'s go): a search with its
  // budget given here (neither iterations nor seconds: until *stop), that
  // ends early once *stop is true and tells `report` how it goes (every
  // report_seconds, and once at the end). Bots that do not search decide
  // at once (thinks() false) and report nothing.
  struct Progress {
    int iterations = 0;
    std::size_t nodes = 0;
    double seconds = 0;
    std::vector<ActionValue> root;              // the seat's actions so far
    std::vector<std::pair<Seat, Action>> line;  // the best line so far (decisions only)
  };
  struct Thinking {
    int iterations = 0;
    double seconds = 0;
    const std::atomic<bool>* stop = nullptr;
    double report_seconds = 0.25;
    std::function<void(const Progress&)> report;
  };
  virtual bool thinks() const { return false; }
  virtual Action think(const AnyState& info, Seat seat, Rng& rng, const Thinking& /*how*/) {
    return choose(info, seat, rng);
  }
};

// Asks `bot` to decide for `seat` of the true state `truth`, passing it only a
// determinization for that seat.
Action ask_bot(Bot& bot, const AnyState& truth, Seat seat, Rng& rng);

// Shows the true state `truth` (just after an action) to every bot that
// observes; bots[i] plays seat i, and null entries (people) are skipped.
void show_bots(const std::vector<Bot*>& bots, const AnyState& truth, Rng& rng);

// Bots by name: "random" for every game, plus each game's own.
struct BotEntry {
  std::string game;  // "" = any game
  std::string name;
  std::string description;
  std::function<std::unique_ptr<Bot>(const BotBudget&)> make;
};
const std::vector<BotEntry>& bot_entries();
// The bots a game can seat, each name once: a game's own bot of a name
// (First Contact's "random") in place of the generic one, as make_bot picks.
std::vector<const BotEntry*> game_bots(const AnyGame& game);
// "name" or "name:budget"; bot/unknown on no match or a bad budget,
// bot/budget when the budget is over `cap`.
Expected<std::unique_ptr<Bot>> make_bot(const AnyGame& game, std::string_view spec,
                                        const BudgetCap& cap = {});
// A budget: "N" iterations ("ismcts:5000"), "Ns" seconds per decision
// ("ismcts:0.5s"), or a level, easy, medium or hard, whose iterations depend
// on `game` (bots/levels.h; "" gives 100, 1000 and 10000); then, optionally,
// "xT": T trees searched side by side, each with that budget ("1000x2").
Expected<BotBudget> parse_budget(std::string_view text, std::string_view game = {});
std::vector<std::string> bot_names(const AnyGame& game);
// The bot that fills empty seats by default: the one the strength ladder
// chose as a medium opponent for the game (bots/levels.h, e.g.
// "ismcts:medium"), else the game's own playing bot ("heuristic", or First
// Contact's "talker"), else "random".
std::string default_bot(const AnyGame& game);

// Picks uniformly among the legal actions.
class RandomBot final : public Bot {
 public:
  std::string_view name() const override { return "random"; }
  Action choose(const AnyState& info, Seat seat, Rng& rng) override;
};

}  // namespace meeple
