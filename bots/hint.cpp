#include "bots/hint.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include <fmt/format.h>

#include "bots/levels.h"

namespace meeple {

namespace {

std::string percent(double p) {
  return std::to_string(static_cast<int>(std::lround(std::clamp(p, 0.0, 1.0) * 100)));
}

// What follows the action when chance comes next in the seat's
// determinization: how many outcomes, and the likeliest one with its odds
// (in the game's words for that event, where it has them). "" when the
// seat's action is not followed by chance.
std::string chance_words(const AnyState& info, Seat seat, Action a, const Catalog& cat,
                         std::string_view lang) {
  AnyState next = info;
  next.apply_unchecked(seat, a);
  if (!next.is_chance()) return "";
  const ChanceList outcomes = next.chance_outcomes();
  if (outcomes.size() < 2) return "";
  std::uint64_t total = 0;
  const ChanceOutcome* likeliest = &outcomes[0];
  for (const auto& o : outcomes) {
    total += o.weight;
    if (o.weight > likeliest->weight) likeliest = &o;
  }
  if (total == 0) return "";
  const double p = static_cast<double>(likeliest->weight) / static_cast<double>(total);
  std::string event = next.has_events()
                          ? next.describe_event(seat, kChance, likeliest->action, lang)
                          : std::string();
  if (auto nl = event.find('\n'); nl != std::string::npos) event.resize(nl);
  const bool even = std::all_of(outcomes.begin(), outcomes.end(), [&](const ChanceOutcome& o) {
    return o.weight == outcomes[0].weight;
  });
  if (even || event.empty())
    return cat.format("hint.why.chance_even", lang,
                      {{"n", std::to_string(outcomes.size())}, {"p", percent(p)}});
  return cat.format("hint.why.chance", lang,
                    {{"n", std::to_string(outcomes.size())}, {"p", percent(p)}, {"event", event}});
}

// The line for choices[i]: its chance to win over the search's tries and
// its margin over the next choice (the best) or its gap to the best (the
// others), then what chance decides after it.
std::string why_line(const AnyState& info, Seat seat, const std::vector<HintChoice>& choices,
                     std::size_t i, const Catalog& cat, std::string_view lang) {
  const HintChoice& c = choices[i];
  std::string line;
  if (i == 0) {
    if (choices.size() > 1) {
      const double margin = c.chance.chance - choices[1].chance.chance;
      line = cat.format("hint.why.best", lang,
                        {{"p", percent(c.chance.chance)},
                         {"n", std::to_string(c.chance.tries)},
                         {"margin", percent(std::max(0.0, margin))},
                         {"next", choices[1].words}});
    } else {
      line = cat.format("hint.why.only", lang,
                        {{"p", percent(c.chance.chance)}, {"n", std::to_string(c.chance.tries)}});
    }
  } else {
    const double gap = choices[0].chance.chance - c.chance.chance;
    line = cat.format("hint.why.other", lang,
                      {{"p", percent(c.chance.chance)},
                       {"n", std::to_string(c.chance.tries)},
                       {"gap", percent(std::max(0.0, gap))}});
  }
  const std::string chance = chance_words(info, seat, c.action, cat, lang);
  if (!chance.empty()) line += " " + chance;
  return line;
}

Estimate estimate_of(const Bot::ActionValue& v) {
  // The review's 95% Wilson interval (bots/review.h) over the action's tries.
  Estimate e;
  if (v.visits == 0) return e;
  constexpr double z = 1.96;
  const double n = static_cast<double>(v.visits);
  const double p = std::clamp(v.mean, 0.0, 1.0);
  const double d = 1 + z * z / n;
  const double centre = (p + z * z / (2 * n)) / d;
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d;
  e.chance = v.mean;
  e.low = std::clamp(centre - half, 0.0, p);
  e.high = std::clamp(centre + half, p, 1.0);
  e.tries = v.visits;
  return e;
}

}  // namespace

Json Hint::to_json() const {
  Json cs = Json::array();
  for (const auto& c : choices)
    cs.push_back({{"action", c.action},
                  {"words", c.words},
                  {"chance", c.chance.chance},
                  {"ci95", {c.chance.low, c.chance.high}},
                  {"tries", c.chance.tries},
                  {"why", c.why}});
  return {{"game", game},
          {"seat", seat},
          {"lang", lang},
          {"seed", seed},
          {"iterations", iterations},
          {"seconds", seconds},
          {"choices", cs}};
}

Expected<Hint> hint(const AnyState& truth, Seat seat, const HintOptions& opt) {
  if (!is_language(opt.lang))
    return make_error("hint/language", fmt::format("no language {:?}: en, it or ko", opt.lang));
  if (truth.is_terminal() || seat < 0 || seat >= truth.num_players() ||
      !truth.to_act().contains(seat))
    return make_error("hint/not_your_turn", fmt::format("seat {} has no decision to take", seat));
  const ActionList choices = truth.primary_actions(seat);
  if (choices.size() < 2) return make_error("hint/forced", "a single choice: nothing to hint");
  const AnyGame& game = truth.game();
  const Catalog* cat = game.messages();
  if (cat == nullptr) return make_error("hint/unavailable", "the game has no words for hints");
  const int iterations = opt.iterations > 0
                             ? opt.iterations
                             : std::max(kHintIterations, level_budgets(game.name()).hard);
  auto bot = make_bot(game, fmt::format("ismcts:{}", iterations));
  if (!bot) return bot.error();
  // The seat's knowledge only, from here on: a determinization for it (the
  // search re-samples the hidden parts again at every iteration).
  Rng rng(opt.seed * 0x9e3779b97f4a7c15ULL + 0x68696e74ULL);
  const AnyState info = truth.determinize(seat, rng);
  const auto start = std::chrono::steady_clock::now();
  std::atomic<bool> never{false};
  Bot::Thinking how{.iterations = iterations,
                    .seconds = opt.seconds,
                    .stop = opt.stop != nullptr ? opt.stop : &never,
                    .report_seconds = 3600};
  std::vector<Bot::ActionValue> values;
  int searched = 0;
  how.report = [&](const Bot::Progress& p) {
    values = p.root;
    searched = p.iterations;
  };
  (*bot)->think(info, seat, rng, how);
  if (opt.stop != nullptr && opt.stop->load())
    return make_error("hint/stopped", "the hint was stopped before its end");
  if (values.empty()) return make_error("hint/unavailable", "the game's bot does not search");
  std::stable_sort(
      values.begin(), values.end(),
      [](const Bot::ActionValue& a, const Bot::ActionValue& b) { return a.visits > b.visits; });
  Hint h;
  h.game = std::string(game.name());
  h.seat = seat;
  h.lang = opt.lang;
  h.seed = opt.seed;
  h.iterations = searched;
  for (const auto& v : values) {
    if (h.choices.size() >= std::max<std::size_t>(1, opt.top)) break;
    if (v.visits == 0) continue;
    h.choices.push_back(
        {v.action, info.describe_action(seat, v.action, opt.lang), estimate_of(v), ""});
  }
  for (std::size_t i = 0; i < h.choices.size(); ++i)
    h.choices[i].why = why_line(info, seat, h.choices, i, *cat, opt.lang);
  h.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return h;
}

}  // namespace meeple
