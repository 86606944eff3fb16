// A tiny test-only game that exercises every part of the core contract:
// chance (a card dealt to each seat), hidden information (your own card),
// simultaneous secret decisions (every seat bets at once) and shared victories.
// Not listed by `meeple games`.
//
// Rules: 2-4 players, `rounds` rounds (default 3). Each round every seat is
// dealt a card 1-6 (hidden), then every seat secretly bets or passes. The
// bettors reveal: the highest card among them wins a point per bettor; other
// bettors lose a point. Most points wins; ties share.
#pragma once

#include <array>

#include "core/game.h"

namespace meeple::toy {

class HighCardState {
 public:
  static constexpr int kMaxPlayers = 4;
  HighCardState() = default;
  HighCardState(int players, int rounds) : players_(players), rounds_(rounds) {
    for (auto& b : bets_) b = -1;
  }

  int num_players() const { return players_; }
  int num_distinct_actions() const { return 6; }
  bool is_terminal() const { return round_ >= rounds_; }
  bool is_chance() const { return !is_terminal() && dealt_ < players_; }
  SeatSet to_act() const;
  void legal_actions(Seat seat, ActionList& out) const;
  void chance_outcomes(ChanceList& out) const;
  MaybeError apply(Seat seat, Action a);
  void apply_unchecked(Seat seat, Action a);
  Json action_to_json(Seat seat, Action a) const;
  Expected<Action> action_from_json(Seat seat, const Json& j) const;
  Json view(Seat seat) const;
  Json to_json() const;
  static Expected<HighCardState> from_json(const Json& j);
  HighCardState determinize(Seat seat, Rng& rng) const;
  // The last bet shows the bettors' cards (and everyone's bets).
  bool reveals(Seat seat, Action) const {
    for (int i = 0; i < players_; ++i)
      if (i != seat && bets_[i] < 0) return false;
    return true;
  }
  GameResult result() const;
  Json result_details() const { return Json::object(); }
  bool operator==(const HighCardState&) const = default;

 private:
  int players_ = 2;
  int rounds_ = 3;
  int round_ = 0;
  int dealt_ = 0;
  std::array<int, kMaxPlayers> card_{};  // this round's cards (hidden)
  std::array<int, kMaxPlayers> bets_{};  // -1 undecided, 0 pass, 1 bet (hidden)
  std::array<int, kMaxPlayers>
      last_card_{};  // revealed cards of last round's bettors, 0 = not shown
  std::array<int, kMaxPlayers> score_{};
};

struct HighCard {
  using State = HighCardState;
  static constexpr const char* kName = "high-card";
  static constexpr const char* kTitle = "High Card (test game)";
  static constexpr int kMinPlayers = 2;
  static constexpr int kMaxPlayers = 4;
  static ParamSchema params_schema() {
    return {{"rounds", ParamType::kInt, 3, {1, 20}, "number of rounds"}};
  }
  static std::vector<Json> param_variants() { return {Json::object(), {{"rounds", 1}}}; }
  static Expected<State> new_game(const Json& params, int players) {
    return State(players, params.at("rounds").get<int>());
  }
  static Expected<State> state_from_json(const Json& j) { return State::from_json(j); }
};

}  // namespace meeple::toy
