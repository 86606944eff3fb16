// Ufo!: the result of a finished game (RULINGS 3.3: highest score wins; ties
// share the victory) and the figures behind each score; "rounds" is the key
// every game uses for the rounds played (the arena reads it).
#include "games/ufo/internal.h"

namespace meeple::ufo {

GameResult UfoState::result() const {
  return result_by_score(players_, [&](Seat p) { return score(p); });
}

Json UfoState::result_details() const {
  Json d = Json::array();
  for (Seat p = 0; p < players_; ++p) {
    int rest = 0, kiosks = 0, eyes = 0;
    for (int c = 0; c < kNumCities; ++c) {
      for (auto o : restaurant_[c]) rest += o == p ? resistance(c) : 0;
      eyes += eyewitness_[c][p];
    }
    for (auto o : kiosk_) kiosks += o == p;
    d.push_back({{"restaurant_points", rest},
                 {"kiosks", kiosks},
                 {"eyewitnesses", eyes},
                 {"cities", controlled_cities(p)},
                 {"score", score(p)}});
  }
  return {{"players", d}, {"rounds", round()}};
}

}  // namespace meeple::ufo
