#include "bots/bot.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "bots/levels.h"
#include "bots/registry_entries.h"

namespace meeple {

Action ask_bot(Bot& bot, const AnyState& truth, Seat seat, Rng& rng) {
  AnyState info = truth.determinize(seat, rng);
  return bot.choose(info, seat, rng);
}

void show_bots(const std::vector<Bot*>& bots, const AnyState& truth, Rng& rng) {
  for (std::size_t i = 0; i < bots.size(); ++i) {
    if (bots[i] == nullptr || !bots[i]->observes()) continue;
    const Seat seat = static_cast<Seat>(i);
    bots[i]->observe(truth.determinize(seat, rng), seat);
  }
}

Action RandomBot::choose(const AnyState& info, Seat seat, Rng& rng) {
  ActionList legal = info.legal_actions(seat);
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

const std::vector<BotEntry>& bot_entries() {
  static const std::vector<BotEntry> entries = [] {
    std::vector<BotEntry> e;
    e.push_back({"", "random", "uniformly random legal actions",
                 [](const BotBudget&) { return std::make_unique<RandomBot>(); }});
    add_game_bots(e);
    return e;
  }();
  return entries;
}

namespace {

// A budget without trees: N, Ns, easy, medium or hard.
Expected<BotBudget> parse_search_budget(std::string_view text, std::string_view game) {
  const LevelBudgets levels = level_budgets(game);
  const std::pair<std::string_view, int> named[] = {
      {"easy", levels.easy}, {"medium", levels.medium}, {"hard", levels.hard}};
  for (const auto& [level, iterations] : named)
    if (text == level) return BotBudget{.iterations = iterations};
  const bool time = !text.empty() && text.back() == 's';
  const std::string number(time ? text.substr(0, text.size() - 1) : text);
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(number, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  // The range first: converting a double beyond int's range is undefined
  // (ismcts:8e85 from the network was).
  const bool ok = used == number.size() && !number.empty() && value > 0 &&
                  (time ? value <= 3600 : value <= 1e8 && value == std::floor(value));
  if (!ok)
    return make_error("bot/unknown",
                      "expected N iterations, Ns seconds, easy, medium or hard (then xT for T "
                      "trees searched side by side)");
  if (time) return BotBudget{.seconds = value};
  return BotBudget{.iterations = static_cast<int>(value)};
}

}  // namespace

Expected<BotBudget> parse_budget(std::string_view text, std::string_view game) {
  // "BUDGETxT": T trees side by side, each with the whole budget.
  const auto x = text.find('x');
  if (x == std::string_view::npos) return parse_search_budget(text, game);
  const std::string_view t = text.substr(x + 1);
  const bool digits = !t.empty() && t.size() <= 2 &&
                      std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
  const int trees = digits ? std::stoi(std::string(t)) : 0;
  if (trees < 1 || trees > kMaxTrees)
    return make_error("bot/unknown",
                      fmt::format("expected 1 to {} trees after 'x' (as in 1000x2)", kMaxTrees));
  auto b = parse_search_budget(text.substr(0, x), game);
  if (b) b->trees = trees;
  return b;
}

std::optional<BudgetCap> read_budget_cap(std::string_view text, BudgetCap base) {
  bool any = false;
  while (!text.empty()) {
    const auto comma = text.find(',');
    const std::string_view part = text.substr(0, comma);
    auto b = parse_budget(part);
    if (!b || b->trees > 1 || part.find_first_not_of("0123456789.s") != std::string_view::npos)
      return std::nullopt;
    if (b->seconds > 0) base.seconds = b->seconds;
    if (b->iterations > 0) base.iterations = b->iterations;
    any = true;
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
  }
  if (!any) return std::nullopt;
  return base;
}

Expected<std::unique_ptr<Bot>> make_bot(const AnyGame& game, std::string_view spec,
                                        const BudgetCap& cap) {
  std::string name(spec);
  BotBudget budget;
  if (auto colon = name.find(':'); colon != std::string::npos) {
    auto b = parse_budget(name.substr(colon + 1), game.name());
    if (!b)
      return make_error("bot/unknown",
                        fmt::format("bad bot budget in '{}': {}", spec, b.error().message));
    budget = *b;
    name = name.substr(0, colon);
    if (budget.seconds > cap.seconds ||
        static_cast<long long>(budget.iterations) * budget.trees > cap.iterations ||
        budget.trees > cap.trees)
      return make_error(kBotBudgetCode,
                        fmt::format("'{}' is over this program's budget: at most {} s, {} "
                                    "iterations in all and {} trees a decision",
                                    spec, cap.seconds, cap.iterations, cap.trees));
    budget.max_iterations = std::max(1, cap.iterations / budget.trees);
  }
  for (const BotEntry* e : game_bots(game))
    if (e->name == name) return e->make(budget);
  std::string names;
  for (const auto& n : bot_names(game)) names += (names.empty() ? "" : ", ") + n;
  return make_error("bot/unknown",
                    fmt::format("no bot '{}' for {} (available: {})", spec, game.name(), names));
}

std::vector<const BotEntry*> game_bots(const AnyGame& game) {
  std::vector<const BotEntry*> out;
  for (const auto& e : bot_entries()) {
    if (!e.game.empty() && e.game != game.name()) continue;
    auto same =
        std::find_if(out.begin(), out.end(), [&](const BotEntry* o) { return o->name == e.name; });
    // A game's own bot of a name (e.g. a "random" that leaves out free
    // note-pad edits) takes the generic one's place.
    if (same == out.end())
      out.push_back(&e);
    else if (!e.game.empty())
      *same = &e;
  }
  return out;
}

std::vector<std::string> bot_names(const AnyGame& game) {
  std::vector<std::string> out;
  for (const BotEntry* e : game_bots(game)) out.push_back(e->name);
  return out;
}

std::string default_bot(const AnyGame& game) {
  if (std::string chosen = empty_seat_bot(game.name()); !chosen.empty()) return chosen;
  const auto names = bot_names(game);
  for (const char* n : {"heuristic", "talker"})
    if (std::find(names.begin(), names.end(), n) != names.end()) return n;
  return "random";
}

}  // namespace meeple
