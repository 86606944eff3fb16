// Random games and games re-sampled behind one seat's back, for the tests
// that check a seat is told (server_play_test.cpp) or judged (review_test.cpp)
// the same in every game that looks the same from its seat.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/any_game.h"

namespace meeple::test {

using Steps = std::vector<std::pair<Seat, Action>>;

// A random whole game as scripted people play it: mostly one of their
// choices, now and then any legal action (a free note-pad edit).
inline Steps random_game(const AnyGame& game, const Json& params, int players, std::uint64_t seed) {
  Rng rng(seed);
  auto s = game.new_game(params, players);
  EXPECT_TRUE(s);
  Steps out;
  while (!s->is_terminal() && out.size() < 20000) {
    Seat seat = kChance;
    Action a = -1;
    if (s->is_chance()) {
      a = sample_chance(s->chance_outcomes(), rng);
    } else {
      std::vector<Seat> acting;
      for (Seat i = 0; i < players; ++i)
        if (s->to_act().contains(i)) acting.push_back(i);
      seat = acting[rng.below(static_cast<std::uint32_t>(acting.size()))];
      const ActionList primary = s->primary_actions(seat);
      const ActionList legal = s->legal_actions(seat);
      a = legal.size() != primary.size() && rng.below(10) == 0
              ? legal[rng.below(static_cast<std::uint32_t>(legal.size()))]
              : primary[rng.below(static_cast<std::uint32_t>(primary.size()))];
    }
    EXPECT_FALSE(s->apply(seat, a));
    out.emplace_back(seat, a);
  }
  EXPECT_TRUE(s->is_terminal());
  return out;
}

// Everything a message may tell `observer` after `actor` played `a`.
inline std::string told(const AnyState& before, Seat actor, Action a, const AnyState& after,
                        Seat observer) {
  Json j = {{"view", after.view(observer)}, {"over", after.is_terminal()}};
  if (before.has_events()) j["event"] = before.describe_event(observer, actor, a, "en");
  if (after.is_terminal()) {
    j["result"] = after.result_json();
  } else if (!after.is_chance()) {
    j["to_act"] = after.to_act().bits();
    if (observer >= 0 && after.to_act().contains(observer))
      for (Action c : after.primary_actions(observer))
        j["choices"].push_back(
            {c, after.action_to_json(observer, c), after.describe_action(observer, c, "en")});
  }
  return j.dump();
}

// The game `steps` with what `observer` cannot see changed (see above);
// `changes` counts the steps that differ.
inline Steps resample(const AnyGame& game, const Json& params, int players, const Steps& steps,
                      Seat observer, std::uint64_t seed, int attempts, int& changes) {
  std::vector<AnyState> states = {*game.new_game(params, players)};
  std::vector<std::string> want;
  for (const auto& [seat, a] : steps) {
    AnyState next = states.back();
    EXPECT_FALSE(next.apply(seat, a));
    want.push_back(told(states.back(), seat, a, next, observer));
    states.push_back(std::move(next));
  }
  std::vector<std::size_t> chance, others;
  for (std::size_t k = 0; k < steps.size(); ++k)
    (steps[k].first == kChance ? chance : others).push_back(k);
  std::erase_if(others, [&](std::size_t k) { return steps[k].first == observer; });
  Rng rng(seed);
  auto pick = [&](const std::vector<std::size_t>& v) {
    return v[rng.below(static_cast<std::uint32_t>(v.size()))];
  };
  Steps cur = steps;
  for (int t = 0; t < attempts; ++t) {
    Steps cand = cur;
    std::size_t from = 0;
    const auto kind = rng.below(3);
    if (kind == 0 && chance.size() >= 2) {
      const std::size_t i = pick(chance), j = pick(chance);
      if (cand[i].second == cand[j].second) continue;
      std::swap(cand[i].second, cand[j].second);
      from = std::min(i, j);
    } else if (kind == 1 && !chance.empty()) {
      from = pick(chance);
      const ChanceList outcomes = states[from].chance_outcomes();
      cand[from].second = outcomes[rng.below(static_cast<std::uint32_t>(outcomes.size()))].action;
    } else if (kind == 2 && !others.empty()) {
      from = pick(others);
      const ActionList legal = states[from].legal_actions(cand[from].first);
      cand[from].second = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    } else {
      continue;
    }
    if (cand[from] == cur[from] && kind != 0) continue;
    std::vector<AnyState> tail;
    AnyState s = states[from];
    bool same = true;
    for (std::size_t k = from; k < cand.size() && same; ++k) {
      AnyState before = s;
      same = !s.apply(cand[k].first, cand[k].second) &&
             told(before, cand[k].first, cand[k].second, s, observer) == want[k];
      tail.push_back(s);
    }
    if (!same) continue;
    cur = std::move(cand);
    std::move(tail.begin(), tail.end(), states.begin() + static_cast<std::ptrdiff_t>(from) + 1);
  }
  changes = 0;
  for (std::size_t k = 0; k < steps.size(); ++k) changes += cur[k] != steps[k];
  return cur;
}

// Whether the game hides anything from `observer` at some point of `steps`.
inline bool hides_something(const AnyGame& game, const Json& params, int players,
                            const Steps& steps, Seat observer) {
  AnyState s = *game.new_game(params, players);
  Rng rng(5);
  for (const auto& [seat, a] : steps) {
    if (!(s.determinize(observer, rng) == s)) return true;
    EXPECT_FALSE(s.apply(seat, a));
  }
  return false;
}

}  // namespace meeple::test
