#include "tests/toy/high_card.h"

namespace meeple::toy {

SeatSet HighCardState::to_act() const {
  SeatSet s;
  if (is_terminal() || is_chance()) return s;
  for (int i = 0; i < players_; ++i)
    if (bets_[i] < 0) s.insert(i);
  return s;
}

void HighCardState::legal_actions(Seat seat, ActionList& out) const {
  if (to_act().contains(seat)) {
    out.push_back(0);
    out.push_back(1);
  }
}

void HighCardState::chance_outcomes(ChanceList& out) const {
  if (!is_chance()) return;
  for (int c = 0; c < 6; ++c) out.push_back({c, 1});
}

MaybeError HighCardState::apply(Seat seat, Action a) {
  if (auto err = validate_action(*this, seat, a)) return err;
  apply_unchecked(seat, a);
  return {};
}

void HighCardState::apply_unchecked(Seat seat, Action a) {
  if (seat == kChance) {
    card_[dealt_++] = a + 1;
    return;
  }
  bets_[seat] = a;
  for (int i = 0; i < players_; ++i)
    if (bets_[i] < 0) return;
  // Everyone has decided: reveal and score.
  int best = 0, bettors = 0;
  for (int i = 0; i < players_; ++i)
    if (bets_[i] == 1) {
      ++bettors;
      if (card_[i] > best) best = card_[i];
    }
  for (int i = 0; i < players_; ++i) {
    last_card_[i] = bets_[i] == 1 ? card_[i] : 0;
    if (bets_[i] == 1) score_[i] += card_[i] == best ? bettors : -1;
    bets_[i] = -1;
    card_[i] = 0;
  }
  dealt_ = 0;
  ++round_;
}

Json HighCardState::action_to_json(Seat seat, Action a) const {
  if (seat == kChance) return {{"card", a + 1}};
  return {{"bet", a == 1}};
}

Expected<Action> HighCardState::action_from_json(Seat seat, const Json& j) const {
  if (seat == kChance) {
    if (!j.is_object() || !j.contains("card") || !j["card"].is_number_integer())
      return make_error(errc::kMalformedAction, "expected {\"card\": 1..6}");
    return j["card"].get<int>() - 1;
  }
  if (!j.is_object() || !j.contains("bet") || !j["bet"].is_boolean())
    return make_error(errc::kMalformedAction, "expected {\"bet\": true|false}");
  return j["bet"].get<bool>() ? 1 : 0;
}

Json HighCardState::view(Seat seat) const {
  Json v = {{"round", round_},
            {"rounds", rounds_},
            {"score", Json::array()},
            {"last_cards", Json::array()},
            {"decided", Json::array()}};
  for (int i = 0; i < players_; ++i) {
    v["score"].push_back(score_[i]);
    v["last_cards"].push_back(last_card_[i]);
    v["decided"].push_back(bets_[i] >= 0);
  }
  if (seat >= 0 && seat < players_) {
    v["my_card"] = card_[seat];
    v["my_bet"] = bets_[seat];
  }
  return v;
}

Json HighCardState::to_json() const {
  return {{"players", players_}, {"rounds", rounds_}, {"round", round_},         {"dealt", dealt_},
          {"card", card_},       {"bets", bets_},     {"last_card", last_card_}, {"score", score_}};
}

Expected<HighCardState> HighCardState::from_json(const Json& j) {
  HighCardState s;
  s.players_ = j.at("players").get<int>();
  s.rounds_ = j.at("rounds").get<int>();
  s.round_ = j.at("round").get<int>();
  s.dealt_ = j.at("dealt").get<int>();
  s.card_ = j.at("card").get<std::array<int, kMaxPlayers>>();
  s.bets_ = j.at("bets").get<std::array<int, kMaxPlayers>>();
  s.last_card_ = j.at("last_card").get<std::array<int, kMaxPlayers>>();
  s.score_ = j.at("score").get<std::array<int, kMaxPlayers>>();
  if (s.players_ < 2 || s.players_ > kMaxPlayers || s.round_ < 0 || s.round_ > s.rounds_ ||
      s.dealt_ < 0 || s.dealt_ > s.players_)
    return make_error(errc::kCorruptState, "high-card state out of range");
  return s;
}

HighCardState HighCardState::determinize(Seat seat, Rng& rng) const {
  HighCardState d = *this;
  for (int i = 0; i < dealt_; ++i) {
    if (i == seat) continue;
    d.card_[i] = rng.between(1, 6);
    if (d.bets_[i] >= 0) d.bets_[i] = static_cast<int>(rng.below(2));
  }
  return d;
}

GameResult HighCardState::result() const {
  return result_by_score(players_, [&](Seat p) { return score_[p]; });
}

}  // namespace meeple::toy
