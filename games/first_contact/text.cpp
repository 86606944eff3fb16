// Terminal play and every text a person reads (plumbing): the message
// catalog, names in words, a seat's actions in words, and the end of the
// game in words. The board in words is in text_board.cpp, events in words in
// events.cpp.
#include <string>

#include "games/first_contact/internal.h"
#include "games/first_contact/words.h"

namespace meeple::embedded {
extern const std::string_view fc_messages;
extern const std::string_view fc_guide;
}  // namespace meeple::embedded

namespace meeple::first_contact {

// ---------------------------------------------------------------- words

const meeple::Catalog& message_catalog() {
  static const meeple::Catalog c = [] {
    auto parsed = meeple::Catalog::parse(embedded::fc_messages);
    // Broken embedded data is a build problem the catalog test catches.
    return parsed ? std::move(*parsed) : meeple::Catalog();
  }();
  return c;
}

std::string_view FirstContact::guide() {
  return embedded::fc_guide;
}

const meeple::Catalog& FirstContact::messages() {
  return message_catalog();
}

std::string say(std::string_view key, std::string_view lang, const meeple::Catalog::Args& args) {
  return message_catalog().format(key, lang, args);
}

namespace {

template <class T>
std::string localized(const T& x, std::string_view lang) {
  if (lang == "it" && !x.it.empty()) return x.it;
  if (lang == "ko" && !x.ko.empty()) return x.ko;
  return x.en;
}

}  // namespace

std::string num(int n) {
  return std::to_string(n);
}

std::string characteristic_name(int k, std::string_view lang) {
  if (k < 0 || k >= kCharacteristics) return "?";
  return localized(catalog().characteristics[static_cast<std::size_t>(k)], lang);
}

std::string item_name(int item, std::string_view lang) {
  if (item < 0 || static_cast<std::size_t>(item) >= catalog().items.size()) return "?";
  return localized(catalog().items[static_cast<std::size_t>(item)], lang);
}

std::string glyph_words(int g, std::string_view lang) {
  if (g < 0 || g >= kGlyphs) return "?";
  return say("glyph", lang, {{"n", num(g)}, {"name", say("glyph." + num(g), lang)}});
}

std::string message_glyph_words(int coded, std::string_view lang) {
  const int g = coded & 0x7f;
  if (!(coded & 0x80)) return glyph_words(g, lang);
  return say("glyph_not", lang, {{"n", num(g)}, {"name", say("glyph." + num(g), lang)}});
}

std::string colour_words(int colour, std::string_view lang) {
  return say(std::string("colour.") + colour_name(colour), lang);
}

std::string join(const std::vector<std::string>& parts, std::string_view lang) {
  if (parts.empty()) return say("none", lang);
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out;
}

std::string seat_name(const FirstContactState& s, Seat seat, std::string_view lang) {
  if (s.is_alien(seat))
    return s.small_game() ? say("the_alien", lang)
                          : say("alien", lang, {{"colour", colour_words(seat, lang)}});
  if (s.is_earthling(seat)) return say("earthling", lang, {{"n", num(seat - s.aliens() + 1)}});
  return "";
}

std::string seat_words(const FirstContactState& s, Seat seat, Seat observer,
                       std::string_view lang) {
  const std::string name = seat_name(s, seat, lang);
  if (name.empty()) return "?";
  return say(seat == observer ? "who_you" : "who", lang, {{"name", name}, {"seat", num(seat)}});
}

std::string square_words(const FirstContactState& s, int square, std::string_view lang) {
  return say("square", lang, {{"n", num(square)}, {"item", item_name(s.item_at(square), lang)}});
}

std::string squares_short(const FirstContactState& s, std::uint32_t squares,
                          std::string_view lang) {
  std::vector<std::string> parts;
  for_each_bit(squares,
               [&](int q) { parts.push_back(num(q) + " " + item_name(s.item_at(q), lang)); });
  return join(parts, lang);
}

// ---------------------------------------------------------------- actions

std::string FirstContactState::describe_action(Seat seat, Action a, std::string_view lang) const {
  if (seat == kChance || seat < 0 || seat >= players_) return action_to_json(seat, a).dump();
  auto square = [&](int q) { return square_words(*this, q, lang); };
  auto glyph = [&](int g) { return glyph_words(g, lang); };
  if (a >= act::kNoteWrite && a < act::kNoteClear) {
    const int x = a - act::kNoteWrite;
    return say("do.note_write", lang,
               {{"glyph", glyph(x % kGlyphs)},
                {"characteristic", characteristic_name(x / kGlyphs, lang)}});
  }
  if (a >= act::kNoteClear && a < act::kUnknownToggle)
    return say("do.note_clear", lang,
               {{"characteristic", characteristic_name(a - act::kNoteClear, lang)}});
  if (a >= act::kUnknownToggle && a < act::kCount)
    return say("do.unknown", lang, {{"glyph", glyph(a - act::kUnknownToggle)}});
  if (a >= act::kCharacteristic && a < act::kSquare) {
    const int k = a - act::kCharacteristic;
    std::string name = characteristic_name(k, lang);
    // An earthling's board numbers the characteristics as its note pad does
    // ("23. Knowledge"): the number is in the words, so typing 23 picks it.
    if (is_earthling(seat)) {
      const auto& order = note_pad_order(seat - aliens_);
      for (std::size_t i = 0; i < order.size(); ++i)
        if (order[i] == k)
          name = say("pad_numbered", lang, {{"n", num(static_cast<int>(i) + 1)}, {"name", name}});
    }
    return say(phase_ == Phase::kZeroTurn ? "do.ask_zero" : "do.choose", lang,
               {{"characteristic", name}});
  }
  if (a >= act::kSquare && a < act::kDone) {
    const int q = a - act::kSquare;
    const char* key = phase_ == Phase::kRotate          ? "do.rotate"
                      : phase_ == Phase::kTarget        ? "do.target"
                      : phase_ == Phase::kSecondAttempt ? "do.offer_second"
                                                        : "do.offer";
    return say(key, lang, {{"square", square(q)}});
  }
  if (a == act::kDone) return say("do.done", lang, {{"n", num(count_bits(rotated_))}});
  if (a >= act::kGlyph && a < act::kNotGlyph) {
    const int g = a - act::kGlyph;
    if (phase_ == Phase::kCustomSymbols)
      return say("do.assign", lang,
                 {{"glyph", glyph(g)}, {"characteristic", characteristic_name(assigned_, lang)}});
    return say(phase_ == Phase::kPropose ? "do.propose" : "do.write", lang, {{"glyph", glyph(g)}});
  }
  if (a >= act::kNotGlyph && a < act::kSend)
    return say("do.write", lang,
               {{"glyph", message_glyph_words(0x80 | (a - act::kNotGlyph), lang)}});
  if (a == act::kSend) return say("do.send", lang, {{"n", num(static_cast<int>(message_.size()))}});
  if (a == act::kPass) return say("do.pass", lang);
  if (a == act::kRandomize) return say("do.randomize", lang);
  return action_to_json(seat, a).dump();
}

// ---------------------------------------------------------------- the end

std::string FirstContactState::end_text(std::string_view lang) const {
  if (!is_terminal()) return "";
  const SeatSet w = winners_of(*this);
  std::vector<std::string> lines;
  if (alien_winner_ >= 0)
    lines.push_back(say("end.alien_won", lang,
                        {{"who", seat_words(*this, alien_seat(alien_winner_), kSpectator, lang)},
                         {"n", num(goal())}}));
  if (timer_ran_out_) lines.push_back(say("end.timer", lang, {{"n", num(items_of(0))}}));
  if (small_game() && edition_ != Edition::kEn)
    lines.push_back(
        say("end.verdict", lang,
            {{"n", num(items_of(0))}, {"text", say("verdict." + num(verdict()), lang)}}));
  if (small_game() && edition_ != Edition::kEn && earthlings() == 1) {
    lines.push_back(say(alien_winner_ >= 0 ? "end.together" : "end.nobody", lang));
  } else {
    std::vector<std::string> names;
    int best = 0;
    for (int e = 0; e < earthlings(); ++e)
      if (w.contains(earthling_seat(e))) {
        names.push_back(seat_words(*this, earthling_seat(e), kSpectator, lang));
        best = tokens_of(e);
      }
    lines.push_back(
        say("end.earthlings_won", lang, {{"list", join(names, lang)}, {"n", num(best)}}));
    // A tie on tokens broken by the note pads (it/ko).
    int tied = 0;
    for (int e = 0; e < earthlings(); ++e) tied += tokens_of(e) == best;
    if (edition_ != Edition::kEn && tied > static_cast<int>(names.size()))
      for (int e = 0; e < earthlings(); ++e)
        if (w.contains(earthling_seat(e))) {
          lines.push_back(say("end.tie_pad", lang, {{"n", num(pad_score(e))}}));
          break;
        }
  }
  for (int e = 0; e < earthlings(); ++e) {
    const std::string who = seat_words(*this, earthling_seat(e), kSpectator, lang);
    std::vector<std::string> asked;
    for (int k = 0; k < kCharacteristics; ++k)
      if (chosen_ever_[e] & bit<Mask>(k)) asked.push_back(characteristic_name(k, lang));
    lines.push_back(say("end.asked", lang, {{"who", who}, {"list", join(asked, lang)}}));
    lines.push_back(say("end.pad_score", lang, {{"who", who}, {"n", num(pad_score(e))}}));
    // Which notes were wrong, against the pad now shown.
    if (pad_ < 0) continue;
    std::vector<std::string> wrong;
    int empty = 0;
    for (int k = 0; k < kCharacteristics; ++k) {
      const int noted = note_[e][k];
      if (noted < 0)
        ++empty;
      else if (noted != glyph_of_[k])
        wrong.push_back(say("end.wrong_note", lang,
                            {{"characteristic", characteristic_name(k, lang)},
                             {"noted", glyph_words(noted, lang)},
                             {"glyph", glyph_words(glyph_of_[k], lang)}}));
    }
    if (!wrong.empty())
      lines.push_back(say("end.wrong_notes", lang, {{"list", join(wrong, lang)}}));
    lines.push_back(say("end.empty_notes", lang, {{"n", num(empty)}}));
  }
  // What the aliens hid all game: their language pad.
  if (pad_ >= 0) {
    lines.push_back(say("end.pad_heading", lang));
    std::string row;
    for (int k = 0; k < kCharacteristics; ++k) {
      row += std::string(k % 5 == 0 ? "  " : " | ") + characteristic_name(k, lang) + " = " +
             glyph_words(glyph_of_[k], lang);
      if (k % 5 == 4) {
        lines.push_back(row);
        row.clear();
      }
    }
  }
  std::string out;
  for (const auto& l : lines) out += (out.empty() ? "" : "\n") + l;
  return out;
}

}  // namespace meeple::first_contact
