// Layer 6 (room/): the words of a table's own notices, in each language
// (en, it, ko): who plays a seat now (SeatNotice), and a decision taken back.
#pragma once

#include <string>
#include <string_view>

namespace meeple::room {

// What a notice about a seat says (Room tells it in every language).
enum class SeatNotice {
  kTakesTheSeat,  // someone (a bot, or a person the host seated) takes a seat for good
  kYouTakeTheSeat,
  kAway,  // a stand-in plays for a person away
  kYouAreAway,
  kTimeIsUp,  // a stand-in plays for a person whose clock ran out
  kYourTimeIsUp,
  kIsBack,  // the person is back and plays their seat again
  kYouAreBack,
  kIsLate,  // the person's clock ran out at a table that waits for them
  kYouAreLate,
  // A bot's seat offered to a newcomer during the game (the server's host
  // control): everyone seated is asked to agree, the seat opens, or it does
  // not (someone said no), or the offer ends (the host put a bot there).
  kOffered,
  kOpen,
  kNotOpened,
  kWithdrawn,
};

// A notice about a seat in words: `name` plays it now, `before` did.
std::string seat_words(std::string_view lang, SeatNotice n, const std::string& name,
                       const std::string& before = "");
// The undo event in words, for the seat that took its move back and for
// everyone else.
std::string undo_words(std::string_view lang, bool self, const std::string& name);

}  // namespace meeple::room
