#include "bots/levels.h"

namespace meeple {

namespace {

struct GameLevels {
  std::string_view game;
  LevelBudgets budgets;
  std::string_view empty_seat;
};

// From the ladders of docs/bots.md ("Strength ladder"); the reasons are there.
constexpr GameLevels kLevels[] = {
    {"first-giants", {100, 1000, 10000}, ""},
    {"ufo", {100, 1000, 10000}, ""},
    {"first-contact", {100, 1000, 10000}, ""},
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
