#include "bots/levels.h"

namespace meeple {

namespace {

struct GameLevels {
  std::string_view game;
  LevelBudgets budgets;
  std::string_view empty_seat;
};

// From the ladders of docs/bots.md ("Strength ladder"), where the reasons
// are: easy about as strong as the game's own bot, medium some 350 Elo above
// it, hard where the ladder stops gaining well inside 2 s per decision (all
// three answer within 0.11 s per decision at the 95th percentile; First
// Giants gains nothing measurable from 3000 to 10000 iterations, at four
// times the cost, so its hard is 3000). First
// Contact keeps its talker in empty seats: the one bot that talks as people
// do, rated with ismcts:1000 at the top of its ladder.
constexpr GameLevels kLevels[] = {
    {"first-giants", {10, 100, 3000}, "ismcts:medium"},
    {"ufo", {30, 1000, 10000}, "ismcts:medium"},
    {"first-contact", {30, 1000, 10000}, ""},
};

}  // namespace

LevelBudgets level_budgets(std::string_view game) {
  for (const auto& g : kLevels)
    if (g.game == game) return g.budgets;
  return {};
}

std::string empty_seat_bot(std::string_view game) {
  for (const auto& g : kLevels)
    if (g.game == game) return std::string(g.empty_seat);
  return "";
}

}  // namespace meeple
