// Ufo!: the result of a finished game (rulings 3.3: highest score wins; ties
// share the victory) and the figures behind each score; "rounds" and
// "verdict" are the keys every game uses for the rounds played and how the
// game ended (the arena and terminal play read them).
#include "games/ufo/internal.h"

namespace meeple::ufo {

GameResult UfoState::result() const {
  return result_by_score(players_, [&](Seat p) { return score(p); });
}

const char* UfoState::verdict() const {
  if (phase_ != Phase::kOver) return "";
  const Controls controls = control_masks();
  if (!ends_game(controls)) return "round-limit";
  const int needed = (players_ == 3 || players_ == 5) ? 4 : 5;
  for (Seat p = 0; p < players_; ++p)
    if (count_bits(std::uint32_t{controls[p]}) >= needed) return "cities";
  return "all-built";
}

Json UfoState::result_details() const {
  Json d = Json::array();
  for (Seat p = 0; p < players_; ++p) {
    const Figures f = figures(p);
    d.push_back({{"restaurant_points", f.restaurant_points},
                 {"kiosks", f.kiosks},
                 {"eyewitnesses", f.eyewitnesses},
                 {"cities", f.cities},
                 {"score", f.score}});
  }
  return {{"players", d}, {"rounds", round()}, {"verdict", verdict()}};
}

}  // namespace meeple::ufo
