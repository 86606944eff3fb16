// A player's figures in one game, as their profile shows them (GET
// /api/players/{name}): from the finished tables where the account held a
// seat, fed oldest first so streaks follow the order the games ended.
#pragma once

#include <algorithm>
#include <cmath>

#include "core/params.h"

namespace meeple::server {

struct GameStats {
  int played = 0;
  int wins = 0;
  double score_sum = 0;    // the seat's score in the result (First Contact: tokens or items)
  int longest_streak = 0;  // the most wins in a row
  int streak = 0;          // wins in a row up to the latest game (0 after a game not won)

  void add(bool won, double score) {
    ++played;
    score_sum += score;
    if (won) {
      ++wins;
      longest_streak = std::max(longest_streak, ++streak);
    } else {
      streak = 0;
    }
  }

  /// The profile's fields: `average_score` is null before a first game and
  /// rounded to a tenth.
  [[nodiscard]] Json json() const {
    Json average = nullptr;
    if (played > 0) average = std::round(score_sum / played * 10) / 10;
    return {{"played", played},
            {"wins", wins},
            {"average_score", average},
            {"longest_streak", longest_streak},
            {"streak", streak}};
  }
};

}  // namespace meeple::server
