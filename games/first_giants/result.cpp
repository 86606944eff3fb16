// The result: scores by end.cpp's score(), ties sharing the victory, and the
// score's parts for the result screen.
#include "games/first_giants/rules_internal.h"

namespace meeple::first_giants {

GameResult FirstGiantsState::result() const {
  return result_by_score(players_, [&](Seat p) { return score(p); });
}

Json FirstGiantsState::result_details() const {
  Json d = Json::array();
  for (int p = 0; p < players_; ++p)
    d.push_back({{"seat", p},
                 {"points", area_[p].points},
                 {"news_tokens", news_score(p)},
                 {"set_tokens", set_token_score(p)},
                 {"total", score(p)}});
  // Every player has had the same number of turns at the end: whole rounds.
  return {{"rounds", turn_ / players_}, {"scores", d}};
}

}  // namespace meeple::first_giants
