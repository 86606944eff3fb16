// Single-observer information-set Monte Carlo tree search (SO-ISMCTS, Cowling,
// Powley & Whitehouse 2012) with availability counts, templated on a concrete
// GameState. Generic: it knows nothing of any game.
//
// Each iteration samples a full state from the searching seat's information
// (State::determinize), walks the one tree of decisions shared by all
// determinizations (children not legal in this determinization are skipped;
// UCB uses how often a child was *available* instead of the parent's visits),
// expands one new decision, plays out with a rollout policy (to the end, or to
// the policy's depth cut and its evaluation, see CutsPlayouts), and backs up
// each seat's reward. Chance is sampled inline and is not part of the
// tree. The tree lives in one vector reserved up front, so playouts do not
// allocate once it has grown to its working size.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <functional>
#include <thread>
#include <utility>
#include <vector>

#include "core/game.h"

namespace meeple::search {

// The actions search considers for a seat: State::search_actions when the game
// provides it (e.g. leaving out free note-pad edits that never change the
// outcome), otherwise the legal actions.
template <GameState S>
void search_actions(const S& s, Seat seat, ActionList& out) {
  if constexpr (requires { s.search_actions(seat, out); }) {
    s.search_actions(seat, out);
  } else {
    s.legal_actions(seat, out);
  }
}

// Rollout policy: uniformly random among the search actions.
struct UniformRollout {
  template <GameState S>
  Action operator()(const S& s, Seat seat, const ActionList& actions, Rng& rng) const {
    (void)s;
    (void)seat;
    return actions[rng.below(static_cast<std::uint32_t>(actions.size()))];
  }
};

// Plays `s` to the end, or until `max_decisions` decisions were taken: chance
// by its weights, decisions by `policy`. Returns the number of actions applied
// (chance outcomes included).
template <GameState S, class Policy = UniformRollout>
std::uint64_t playout(S& s, Rng& rng, const Policy& policy = {},
                      std::uint64_t max_decisions = UINT64_MAX) {
  // The lists are 4 KB and 8 KB and zero-filled when constructed; a playout
  // of a short game (First Giants: ~230 actions) paid that on every call.
  // Kept per thread, they are built once.
  thread_local ActionList actions;
  thread_local ChanceList outcomes;
  std::uint64_t steps = 0;
  for (std::uint64_t decisions = 0; !s.is_terminal(); ++steps) {
    if (s.is_chance()) {
      outcomes.clear();
      s.chance_outcomes(outcomes);
      s.apply_unchecked(kChance, sample_chance(outcomes, rng));
      continue;
    }
    if (decisions++ == max_decisions) break;
    Seat seat = s.to_act().lowest();
    actions.clear();
    search_actions(s, seat, actions);
    s.apply_unchecked(seat, policy(s, seat, actions, rng));
  }
  return steps;
}

using Rewards = std::array<float, kMaxSeats>;

// Reward of each seat at the end of a game: 1 for a winner (shared victories
// and team wins included), 0 otherwise.
inline Rewards rewards(const GameResult& r) {
  Rewards out{};
  for (int i = 0; i < r.players; ++i) out[i] = r.winners.contains(i) ? 1.0f : 0.0f;
  return out;
}

// A rollout policy may cut playouts short: with a member `max_decisions` and
// `evaluate(state, rewards)`, a playout stops after that many decisions and
// the position is scored by `evaluate` (each seat's expected reward, in
// [0, 1]) instead of being played to the end.
template <class Policy, class S>
concept CutsPlayouts = requires(const Policy& p, const S& s, Rewards& r) {
  { p.max_decisions } -> std::convertible_to<int>;
  p.evaluate(s, r);
};

// Plays `s` out with `policy` and returns each seat's reward.
template <GameState S, class Policy>
Rewards rollout(S& s, Rng& rng, const Policy& policy) {
  if constexpr (CutsPlayouts<Policy, S>) {
    playout(s, rng, policy, static_cast<std::uint64_t>(policy.max_decisions));
    if (!s.is_terminal()) {
      Rewards r{};
      policy.evaluate(s, r);
      return r;
    }
  } else {
    playout(s, rng, policy);
  }
  return rewards(s.result());
}

// What a search found for one of the searching seat's actions at the root:
// how often it was tried and the seat's summed reward over those tries (its
// mean is the search's estimate of the seat's chance with that action).
struct RootValue {
  Action action = -1;
  std::uint64_t visits = 0;
  double reward = 0;
};

struct IsmctsStats {
  int iterations = 0;
  std::size_t nodes = 0;
  std::vector<RootValue> root;  // the seat's root actions, in legal order
  // The best line so far: from the root, the most visited child at each
  // level (who moves, and the action), chance left out; reports only.
  std::vector<std::pair<Seat, Action>> line;
  double seconds = 0;  // since the search began; reports only
};

struct IsmctsOptions {
  int iterations = 1000;     // 0 = no iteration limit (then seconds must be set)
  double seconds = 0.0;      // 0 = no time limit
  double exploration = 0.7;  // UCB constant
  // Root parallelism: this many independent trees, each searched on its own
  // thread with the whole budget above and its own random stream, whose root
  // visits are summed to choose. More search in the same time on the cores a
  // caller can spare; with an iteration budget the choice is still
  // reproducible (the streams are split from the caller's rng in order).
  int trees = 1;
  // Thinking like a UCI engine (`meeple engine`'s go): the search ends early
  // once *stop is true (looked at every 32 iterations of each tree); with a
  // stop flag and neither budget it runs until then. `report`, when set, is
  // called from the first tree's thread every report_seconds with that
  // tree's progress so far, and once at the end with the choice's figures
  // (IsmctsStats with root and line); reports do not change the choice.
  const std::atomic<bool>* stop = nullptr;
  double report_seconds = 0.25;
  std::function<void(const IsmctsStats&)> report;
};

template <GameState S, class Policy = UniformRollout>
class Ismcts {
 public:
  explicit Ismcts(Policy policy = {}) : policy_(policy) {}

  // Chooses an action for `seat` from `info`, a state consistent with what
  // the seat knows. With an iteration budget and the same rng, the choice is
  // reproducible.
  Action choose(const S& info, Seat seat, Rng& rng, const IsmctsOptions& opt,
                IsmctsStats* stats = nullptr) {
    ActionList root_actions;
    search_actions(info, seat, root_actions);
    if (root_actions.size() == 1) {
      if (opt.report)
        opt.report({.root = {{root_actions[0], 0, 0}}, .line = {{seat, root_actions[0]}}});
      return root_actions[0];
    }
    const auto began = std::chrono::steady_clock::now();
    // Per root action (index in root_actions), summed over trees.
    std::vector<RootValue> root(root_actions.size());
    for (std::size_t i = 0; i < root.size(); ++i) root[i].action = root_actions[i];
    std::vector<std::int32_t> newest(root_actions.size(), -1);
    IsmctsStats total;
    const int trees = std::max(1, opt.trees);
    if (trees == 1) {
      total = search_tree(info, seat, rng, opt, root, &newest);
    } else {
      std::vector<Rng> streams;
      for (int t = 0; t < trees; ++t) streams.push_back(rng.split());
      std::vector<std::vector<RootValue>> per_root(static_cast<std::size_t>(trees), root);
      std::vector<IsmctsStats> per(static_cast<std::size_t>(trees));
      std::vector<std::thread> helpers;
      for (int t = 1; t < trees; ++t)
        helpers.emplace_back([&, t] {
          const auto i = static_cast<std::size_t>(t);
          per[i] = search_tree(info, seat, streams[i], opt, per_root[i]);
        });
      per[0] = search_tree(info, seat, streams[0], opt, per_root[0], &newest);
      for (auto& h : helpers) h.join();
      for (std::size_t t = 0; t < per.size(); ++t) {
        for (std::size_t i = 0; i < root.size(); ++i) {
          root[i].visits += per_root[t][i].visits;
          root[i].reward += per_root[t][i].reward;
        }
        total.iterations += per[t].iterations;
        total.nodes += per[t].nodes;
      }
    }
    // The most visited root action; of equals, the one the (first) tree
    // expanded last.
    std::size_t best = 0;
    for (std::size_t i = 1; i < root.size(); ++i)
      if (root[i].visits > root[best].visits ||
          (root[i].visits == root[best].visits && newest[i] > newest[best]))
        best = i;
    const Action chosen = root_actions[best];
    if (opt.report) {
      IsmctsStats last = total;
      last.root = root;
      last.line = std::move(best_line_);
      if (last.line.empty() || last.line[0] != std::pair(seat, chosen))
        last.line = {{seat, chosen}};
      last.seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
      opt.report(last);
    }
    if (stats) {
      total.root = std::move(root);
      *stats = std::move(total);
    }
    return chosen;
  }

 private:
  struct Node {
    Action action = -1;
    Seat mover = kChance;  // who took `action` to reach this node
    std::int32_t first_child = -1;
    std::int32_t next_sibling = -1;
    std::uint32_t visits = 0;
    std::uint32_t available = 0;
    float reward = 0;  // summed reward of `mover`
  };

  // The tree and the working lists of a search. They belong to the thread,
  // not to the searcher: a server keeps a bot, and so an Ismcts, for every
  // bot seat and stand-in of every table, but only its bot threads search,
  // so trees take memory per thread instead of per seat (the lists are
  // kept so that an iteration does not zero-fill 20 KB of fresh ones, the
  // tree so that a search does not grow it from nothing). One search at a
  // time per thread: no policy searches inside a rollout.
  struct Scratch {
    Scratch() { nodes.reserve(1 << 16); }
    std::vector<Node> nodes;
    std::vector<std::int32_t> path;
    ActionList actions;
    ChanceList outcomes;
    std::vector<Action> untried;
  };
  static Scratch& scratch() {
    thread_local Scratch s;
    return s;
  }

  // One tree: searches it with this thread's scratch and adds its root
  // children's visits and rewards of `seat` to `root` (one entry per root
  // action); with `newest`, also the order in which they were expanded
  // (later is higher).
  IsmctsStats search_tree(const S& info, Seat seat, Rng& rng, const IsmctsOptions& opt,
                          std::vector<RootValue>& root,
                          std::vector<std::int32_t>* newest = nullptr) {
    Scratch& w = scratch();
    w.nodes.clear();
    w.nodes.push_back(Node{});
    using Clock = std::chrono::steady_clock;
    const auto began = Clock::now();
    const auto deadline = began + std::chrono::duration<double>(opt.seconds);
    const bool reports = opt.report && newest;  // the first tree only
    const auto every = std::chrono::duration<double>(opt.report_seconds);
    auto next_report = began + every;
    int it = 0;
    for (;; ++it) {
      if (opt.iterations > 0 && it >= opt.iterations) break;
      if ((it & 31) == 0) {
        if (opt.stop && opt.stop->load(std::memory_order_relaxed)) break;
        if (opt.seconds > 0 || reports) {
          const auto now = Clock::now();
          if (opt.seconds > 0 && now >= deadline) break;
          if (reports && now >= next_report) {
            next_report = now + every;
            IsmctsStats progress{.iterations = it, .nodes = w.nodes.size()};
            progress.root = root;
            add_root(w, seat, progress.root, nullptr);
            progress.line = best_line(w);
            progress.seconds = std::chrono::duration<double>(now - began).count();
            opt.report(progress);
          }
        }
      }
      if (opt.iterations <= 0 && opt.seconds <= 0 && !opt.stop) break;
      iterate(w, info, seat, rng, opt.exploration);
    }
    if (reports) best_line_ = best_line(w);
    add_root(w, seat, root, newest);
    return {.iterations = it, .nodes = w.nodes.size(), .root = {}};
  }

  // Adds the root children's visits and rewards of `seat` in `w`'s tree to
  // `root`; with `newest`, also their expansion order.
  static void add_root(const Scratch& w, Seat seat, std::vector<RootValue>& root,
                       std::vector<std::int32_t>* newest) {
    const auto& nodes = w.nodes;
    for (std::int32_t c = nodes[0].first_child; c >= 0; c = nodes[c].next_sibling) {
      if (nodes[c].mover != seat) continue;
      const auto at = std::find_if(root.begin(), root.end(),
                                   [&](const RootValue& v) { return v.action == nodes[c].action; });
      if (at == root.end()) continue;
      at->visits += nodes[c].visits;
      at->reward += nodes[c].reward;
      if (newest) (*newest)[static_cast<std::size_t>(at - root.begin())] = c;
    }
  }

  // The most visited child at each level from the root (at most 12 deep,
  // and only through children visited more than once).
  static std::vector<std::pair<Seat, Action>> best_line(const Scratch& w) {
    std::vector<std::pair<Seat, Action>> line;
    const auto& nodes = w.nodes;
    for (std::int32_t n = 0; line.size() < 12;) {
      std::int32_t best = -1;
      for (std::int32_t c = nodes[n].first_child; c >= 0; c = nodes[c].next_sibling)
        if (best < 0 || nodes[c].visits > nodes[best].visits) best = c;
      if (best < 0 || (!line.empty() && nodes[best].visits < 2)) break;
      line.push_back({nodes[best].mover, nodes[best].action});
      n = best;
    }
    return line;
  }

  void iterate(Scratch& w, const S& info, Seat seat, Rng& rng, double c) {
    S s = info.determinize(seat, rng);
    auto& nodes = w.nodes;
    auto& path = w.path;
    path.clear();
    std::int32_t node = 0;
    ActionList& actions = w.actions;
    ChanceList& outcomes = w.outcomes;
    bool expanded = false;
    while (!s.is_terminal()) {
      if (s.is_chance()) {
        outcomes.clear();
        s.chance_outcomes(outcomes);
        s.apply_unchecked(kChance, sample_chance(outcomes, rng));
        continue;
      }
      if (expanded) break;
      Seat mover = s.to_act().lowest();
      actions.clear();
      search_actions(s, mover, actions);
      // Untried actions of this determinization expand; else UCB over the
      // available children.
      std::int32_t child = select(w, node, mover, actions, rng, c, expanded);
      s.apply_unchecked(mover, nodes[child].action);
      node = child;
      path.push_back(node);
    }
    const Rewards r = rollout(s, rng, policy_);
    nodes[0].visits++;
    for (std::int32_t n : path) {
      nodes[n].visits++;
      nodes[n].reward += r[nodes[n].mover];
    }
  }

  std::int32_t select(Scratch& w, std::int32_t node, Seat mover, const ActionList& actions,
                      Rng& rng, double c, bool& expanded) {
    auto& nodes = w.nodes;
    auto& untried = w.untried;
    // Mark which actions already have a child; bump availability of those.
    untried.clear();
    for (Action a : actions) untried.push_back(a);
    std::int32_t best = -1;
    double best_score = -1e300;
    for (std::int32_t ch = nodes[node].first_child; ch >= 0; ch = nodes[ch].next_sibling) {
      Node& n = nodes[ch];
      if (n.mover != mover) continue;
      auto it = std::lower_bound(untried.begin(), untried.end(), n.action);
      if (it == untried.end() || *it != n.action) continue;
      untried.erase(it);
      n.available++;
      double score = n.reward / n.visits +
                     c * std::sqrt(std::log(static_cast<double>(n.available)) / n.visits);
      if (score > best_score) {
        best_score = score;
        best = ch;
      }
    }
    if (!untried.empty()) {
      Action a = untried[rng.below(static_cast<std::uint32_t>(untried.size()))];
      Node fresh;
      fresh.action = a;
      fresh.mover = mover;
      fresh.available = 1;
      fresh.next_sibling = nodes[node].first_child;
      nodes.push_back(fresh);
      auto idx = static_cast<std::int32_t>(nodes.size() - 1);
      nodes[node].first_child = idx;
      expanded = true;
      return idx;
    }
    return best;
  }

  Policy policy_;  // shared by the trees' threads: called const only
  std::vector<std::pair<Seat, Action>> best_line_;  // the first tree's, for the last report
};

}  // namespace meeple::search
