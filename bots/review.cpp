#include "bots/review.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace meeple {

namespace {

Estimate estimate(const Bot::ActionValue* v) {
  Estimate e;
  if (v == nullptr || v->visits == 0) return e;
  // Wilson score interval at 95%: rewards are 0 or 1 but for shared results,
  // and the tries of one action are treated as independent.
  constexpr double z = 1.96;
  const double n = static_cast<double>(v->visits);
  const double p = std::clamp(v->mean, 0.0, 1.0);
  const double d = 1 + z * z / n;
  const double centre = (p + z * z / (2 * n)) / d;
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d;
  e.chance = v->mean;
  // (The interval holds the mean; min and max only absorb rounding.)
  e.low = std::clamp(centre - half, 0.0, p);
  e.high = std::clamp(centre + half, p, 1.0);
  e.tries = v->visits;
  return e;
}

Json estimate_json(const Estimate& e) {
  return {{"chance", e.chance}, {"ci95", {e.low, e.high}}, {"tries", e.tries}};
}

}  // namespace

std::vector<std::size_t> Review::largest_drops(std::size_t n) const {
  std::vector<std::size_t> idx;
  for (std::size_t i = 0; i < decisions.size(); ++i)
    if (decisions[i].drop() > 0.05) idx.push_back(i);
  std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
    return decisions[a].drop() > decisions[b].drop();
  });
  if (idx.size() > n) idx.resize(n);
  return idx;
}

Json Review::to_json() const {
  Json d = Json::array();
  for (const auto& r : decisions)
    d.push_back({{"entry", r.entry},
                 {"number", r.number},
                 {"taken", {{"action", r.taken}, {"words", r.taken_words}}},
                 {"before", estimate_json(r.before)},
                 {"after", estimate_json(r.after)},
                 {"best", {{"action", r.best}, {"words", r.best_words}}},
                 {"drop", r.drop()},
                 {"hinted", r.hinted}});
  Json drops = Json::array();
  for (std::size_t i : largest_drops(5)) drops.push_back(decisions[i].entry);
  return {{"game", game}, {"seat", seat},   {"budget", budget},
          {"seed", seed}, {"decisions", d}, {"largest_drops", drops}};
}

Expected<Review> review_record(const AnyGame& game, const GameRecord& record, Seat seat,
                               const ReviewOptions& opt) {
  auto bot = make_bot(game, "ismcts:" + opt.budget);
  if (!bot) return bot.error();
  return review_record(game, record, seat, opt, **bot);
}

Expected<Review> review_record(const AnyGame& game, const GameRecord& record, Seat seat,
                               const ReviewOptions& opt, Bot& reviewer) {
  if (seat < 0 || seat >= record.players)
    return make_error("review/seat",
                      fmt::format("no seat {} in a game of {} players", seat, record.players));
  auto start = game.new_game(record.params, record.players);
  if (!start) return start.error();
  // The state after each entry, and which decisions were taken back: an
  // undo takes back the latest decision not taken back yet (core/undo.h).
  std::vector<AnyState> after;
  after.reserve(record.actions.size());
  auto replayed = replay_record(game, record, [&](const AnyState& s) { after.push_back(s); });
  if (!replayed) return replayed.error();
  std::vector<bool> undone(record.actions.size(), false);
  std::vector<std::size_t> decisions;
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    if (!record.actions[i].undo) {
      decisions.push_back(i);
    } else if (!decisions.empty()) {
      undone[decisions.back()] = true;
      decisions.pop_back();
    }
  }
  Review review;
  review.game = record.game;
  review.seat = seat;
  review.budget = opt.budget;
  review.seed = opt.seed;
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const RecordedAction& entry = record.actions[i];
    if (entry.seat != seat || entry.undo || undone[i]) continue;
    if (opt.stop && opt.stop->load(std::memory_order_relaxed))
      return make_error("review/stopped", "the review was stopped before its end");
    const AnyState& before = i == 0 ? *start : after[i - 1];
    Action taken = entry.action;
    if (taken < 0) {  // a hand-written entry: its JSON form (replay checked it)
      auto parsed = before.action_from_json(seat, entry.json);
      if (!parsed) continue;
      taken = *parsed;
    }
    const ActionList choices = before.primary_actions(seat);
    if (choices.size() < 2 || !choices.contains(taken)) continue;  // forced, or a free edit
    // The seat's knowledge only: a determinization for it, and a random
    // stream of its own for each decision.
    Rng rng(opt.seed * 0x9e3779b97f4a7c15ULL + i);
    const AnyState info = before.determinize(seat, rng);
    const auto values = reviewer.values(info, seat, rng);
    if (values.empty()) continue;
    const Bot::ActionValue* best = &values[0];
    const Bot::ActionValue* chosen = nullptr;
    for (const auto& v : values) {
      if (v.visits > best->visits) best = &v;
      if (v.action == taken) chosen = &v;
    }
    ReviewedDecision r;
    r.entry = i;
    r.number = static_cast<int>(review.decisions.size()) + 1;
    r.taken = taken;
    r.taken_words = before.describe_action(seat, taken, opt.lang);
    r.before = estimate(best);
    r.after = estimate(chosen);
    r.best = best->action;
    r.best_words = before.describe_action(seat, best->action, opt.lang);
    // A hint asked at this decision: its mark lies after the seat's
    // previous entry and at or before this one.
    const std::size_t from = review.decisions.empty() ? 0 : review.decisions.back().entry + 1;
    r.hinted = std::any_of(record.hints.begin(), record.hints.end(), [&](const HintMark& h) {
      return h.seat == seat && h.at >= from && h.at <= i;
    });
    review.decisions.push_back(std::move(r));
  }
  return review;
}

}  // namespace meeple
