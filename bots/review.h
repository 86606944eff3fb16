// The bot's review of a finished game (`meeple analyse`): for each
// decision one seat took, the search bot's estimate of that seat's chance to
// win with the bot's own choice ("before": what the position was worth) and
// with the action taken ("after"), and the bot's choice in words.
//
// Each estimate comes from a search on what the seat knew at that moment:
// the bot is handed a determinization of the position for the seat (hidden
// parts re-sampled, as every bot is), never the true state. Decisions taken
// back (undo) and decisions with a single choice are left out. Estimates are
// mean rewards of the search's tries of an action (a win is 1, shared wins
// and ranks as in search/ismcts.h), with a 95% Wilson interval over those
// tries; the same record, seat, budget and seed give the same numbers.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "bots/bot.h"
#include "core/record.h"

namespace meeple {

struct ReviewOptions {
  std::string budget = "1000";  // an ismcts budget (parse_budget), per decision
  std::uint64_t seed = 1;
  std::string lang = "en";  // for the actions in words
  // Set from another thread, it ends the review before its next decision
  // with review/stopped (a server that stops does not wait for a whole game).
  const std::atomic<bool>* stop = nullptr;
};

struct Estimate {
  double chance = 0;         // mean reward
  double low = 0, high = 1;  // 95% interval
  std::uint64_t tries = 0;
};

struct ReviewedDecision {
  std::size_t entry = 0;  // index in the record's actions
  int number = 0;         // the seat's n-th reviewed decision, from 1
  Action taken = -1;
  std::string taken_words;
  Estimate before;   // with the bot's choice
  Estimate after;    // with the action taken
  Action best = -1;  // the bot's choice
  std::string best_words;
  double drop() const { return before.chance - after.chance; }
  // The person asked for a hint at this decision (the record's hint marks).
  bool hinted = false;
};

struct Review {
  std::string game;
  Seat seat = 0;
  std::string budget;
  std::uint64_t seed = 0;
  std::vector<ReviewedDecision> decisions;
  // Indices in `decisions` of the largest drops (at most `n`, largest first,
  // drops above 0.05 only).
  std::vector<std::size_t> largest_drops(std::size_t n) const;
  Json to_json() const;
};

// review/seat for a seat the game does not have; the replay's error for a
// record that does not replay (record/corrupt, action/illegal, ...);
// bot/unknown for a bad budget. The reviewer is the
// game's "ismcts" bot with opt.budget, or `reviewer` (a bot whose values()
// are not empty).
Expected<Review> review_record(const AnyGame& game, const GameRecord& record, Seat seat,
                               const ReviewOptions& opt);
Expected<Review> review_record(const AnyGame& game, const GameRecord& record, Seat seat,
                               const ReviewOptions& opt, Bot& reviewer);

}  // namespace meeple
