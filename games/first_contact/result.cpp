// Result (plumbing): per-seat scores and ranks, and the result details the
// result screen shows. Who wins is decided in end.cpp.
#include "games/first_contact/internal.h"

namespace meeple::first_contact {

GameResult FirstContactState::result() const {
  GameResult r;
  r.players = players_;
  r.winners = winners_of(*this);
  for (int a = 0; a < aliens_; ++a) r.score[alien_seat(a)] = items_of(a);
  for (int e = 0; e < earthlings(); ++e) r.score[earthling_seat(e)] = tokens_of(e);
  for (int s = 0; s < players_; ++s) r.rank[s] = r.winners.contains(s) ? 1 : 2;
  return r;
}

Json FirstContactState::result_details() const {
  const SeatSet w = winners_of(*this);
  Json d;
  Json aliens = Json::array();
  for (int a = 0; a < aliens_; ++a)
    aliens.push_back({{"seat", alien_seat(a)},
                      {"colour", colour_name(alien_colour(a))},
                      {"items", items_of(a)},
                      {"winner", w.contains(alien_seat(a))}});
  Json earthlings_j = Json::array();
  for (int e = 0; e < earthlings(); ++e) {
    Json tokens;
    for (int c = 0; c < aliens_; ++c) tokens[colour_name(reward_colour(c))] = tokens_[e][c];
    Json pad = Json::array();
    for (int k = 0; k < kCharacteristics; ++k) {
      if (note_[e][k] < 0) continue;
      pad.push_back({{"characteristic", characteristic_json(k)},
                     {"glyph", note_[e][k]},
                     {"correct", pad_ >= 0 && note_[e][k] == glyph_of_[k]}});
    }
    Json chosen = Json::array();
    for (int k = 0; k < kCharacteristics; ++k)
      if (chosen_ever_[e] & bit<Mask>(k)) chosen.push_back(characteristic_json(k));
    earthlings_j.push_back({{"seat", earthling_seat(e)},
                            {"tokens", tokens},
                            {"total", tokens_of(e)},
                            {"pad_score", pad_score(e)},
                            {"note_pad", pad},
                            {"secret_characteristics", chosen},
                            {"winner", w.contains(earthling_seat(e))}});
  }
  d["teams"] = {{"aliens", aliens}, {"earthlings", earthlings_j}};
  d["alien_winner"] = alien_winner_ < 0 ? Json(nullptr) : Json(alien_seat(alien_winner_));
  Json ew = Json::array();
  for (int e = 0; e < earthlings(); ++e)
    if (w.contains(earthling_seat(e))) ew.push_back(earthling_seat(e));
  d["earthling_winners"] = ew;
  d["earthling_tie_break"] = edition_ == Edition::kEn ? "shared" : "note_pad_then_shared";
  d["rounds"] = round_;  // rounds begun, the last one included (0: ended in setup)
  if (pad_ >= 0) {
    Json pad = Json::array();
    for (int k = 0; k < kCharacteristics; ++k)
      pad.push_back({{"characteristic", characteristic_json(k)}, {"glyph", glyph_of_[k]}});
    d["language_pad"] = pad;
  }
  if (card_ >= 0) d["request_card"] = {{"id", card_}, {"rotation", rotation_}};
  if (small_game()) {
    d["timer_ran_out"] = timer_ran_out_;
    if (edition_ != Edition::kEn) {
      d["verdict"] = verdict();
      d["verdict_text"] = verdict_text(verdict());
    }
  }
  return d;
}

}  // namespace meeple::first_contact
