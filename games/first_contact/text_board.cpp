// The board as one seat sees it, in text (text_view, for terminal play):
// text_view renders view(seat) only, so it cannot show anything that seat
// may not know. The other texts a person reads are in text.cpp.
#include <string>

#include "games/first_contact/internal.h"
#include "games/first_contact/words.h"

namespace meeple::first_contact {

// ---------------------------------------------------------------- the board

namespace {

int as_int(const Json& j) {
  return j.is_number_integer() ? j.get<int>() : -1;
}

const char* status_key(Phase p) {
  switch (p) {
    case Phase::kLayField:
    case Phase::kDrawPad:
    case Phase::kDrawRequest:
      return "status.setup";
    case Phase::kCustomSymbols:
      return "status.custom_symbols";
    case Phase::kZeroTurn:
      return "status.zero_turn";
    case Phase::kChoose:
      return "status.choose";
    case Phase::kRotate:
      return "status.rotate";
    case Phase::kPropose:
      return "status.propose";
    case Phase::kTarget:
      return "status.target";
    case Phase::kMessage:
      return "status.message";
    case Phase::kOffer:
      return "status.offer";
    case Phase::kSecondAttempt:
      return "status.second";
    case Phase::kOver:
      return "status.over";
  }
  return "status.over";
}

}  // namespace

// The board being written by text_view: the seat's view, the detail asked
// for, the text so far, and the words for a seat, a square, a glyph and a
// characteristic in the board's language.
struct FirstContactState::TextBoard {
  TextBoard(const FirstContactState& state, Seat seat_, std::string_view lang_, int level)
      : s(state),
        v(state.view(seat_)),
        seat(seat_),
        lang(lang_),
        marked(level >= kTextDetailMarked),
        compact(level >= kTextDetailCompact) {}

  const FirstContactState& s;
  const Json v;
  const Seat seat;
  const std::string_view lang;
  const bool marked;
  const bool compact;
  std::string out;

  void line(const std::string& l) { out += l + "\n"; }
  std::string who(const Json& x) const { return seat_words(s, as_int(x), seat, lang); }
  std::string who_n(Seat x) const { return seat_words(s, x, seat, lang); }
  std::string square(const Json& q) const { return square_words(s, as_int(q), lang); }
  std::string squares(const Json& list) const {
    Mask m = 0;
    for (const auto& q : list) m |= bit<Mask>(as_int(q));
    return squares_short(s, m, lang);
  }
  std::string glyph(const Json& g) const { return glyph_words(as_int(g), lang); }
  std::string characteristic(const Json& id) const {
    return id.is_string()
               ? characteristic_name(catalog().characteristic_index(id.get<std::string>()), lang)
               : std::string("-");
  }
  // In the round so far: compact names a seat by its name ("earthling 2",
  // "earthling 3 (you)") and a glyph by its number, as the compact pads do.
  std::string round_who(const Json& x) const {
    const Seat w = as_int(x);
    if (!compact || seat_name(s, w, lang).empty()) return who(x);
    return w == seat ? say("who_you_short", lang, {{"name", seat_name(s, w, lang)}})
                     : seat_name(s, w, lang);
  }
  std::string round_glyph(int coded) const {
    if (!compact) return message_glyph_words(coded, lang);
    return say(coded & 0x80 ? "glyph_not_short" : "glyph_short", lang, {{"n", num(coded & 0x7f)}});
  }
};

// The header, whose board it is, what the table is doing, who is awaited, the goal and the scores.
void FirstContactState::text_status(TextBoard& b) const {
  const Json& v = b.v;
  const Seat seat = b.seat;
  const std::string_view lang = b.lang;
  b.line(say("header", lang,
             {{"edition", say(std::string("edition.") + v["edition"].get<std::string>(), lang)},
              {"mode", say(std::string("mode.") + v["mode"].get<std::string>(), lang)},
              {"round", num(v["round"].get<int>())}}));
  b.line(seat >= 0 && seat < players_
             ? say("you_are", lang, {{"who", seat_words(*this, seat, kSpectator, lang)}})
             : say("spectator", lang));
  // What the table is doing now, in the game's words (never a phase id).
  {
    Seat actor = kSpectator;
    if (phase_ == Phase::kCustomSymbols) actor = alien_seat(0);
    if (phase_ == Phase::kZeroTurn || phase_ == Phase::kChoose || phase_ == Phase::kRotate ||
        phase_ == Phase::kPropose)
      actor = earthling_seat(turn_);
    if (phase_ == Phase::kTarget || phase_ == Phase::kMessage || phase_ == Phase::kOffer)
      actor = alien_seat(turn_);
    if (phase_ == Phase::kSecondAttempt) actor = earthling_seat(0);
    b.line(say(status_key(phase_), lang,
               {{"who", actor == kSpectator ? std::string() : b.who_n(actor)},
                {"n", num(v.value("symbols_assigned", 0))}}));
  }
  std::vector<std::string> waiting, decided;
  for (const auto& s : v["to_act"]) waiting.push_back(b.who(s));
  for (const auto& s : v["decided"]) decided.push_back(b.who(s));
  if (!waiting.empty()) b.line(say("waiting_for", lang, {{"list", join(waiting, lang)}}));
  if (!decided.empty()) b.line(say("decided", lang, {{"list", join(decided, lang)}}));
  std::string rules =
      small_game() ? say("goal_small", lang,
                         {{"n", num(v["goal"].get<int>())}, {"timer", num(v.value("timer", 0))}})
                   : say("goal", lang, {{"n", num(v["goal"].get<int>())}});
  if (v["negation"].get<bool>()) rules += " " + say("negation_on", lang);
  b.line(rules);

  std::vector<std::string> aliens, earthlings_l;
  for (const auto& a : v["aliens"])
    aliens.push_back(
        say("alien_items", lang, {{"who", b.who(a["seat"])}, {"n", num(a["items"].get<int>())}}));
  for (const auto& e : v["earthlings"]) {
    std::vector<std::string> detail;
    for (const auto& [c, n] : e["tokens"].items())
      detail.push_back(say("colour." + c, lang) + " " + num(n.get<int>()));
    earthlings_l.push_back(say("earthling_tokens", lang,
                               {{"who", b.who(e["seat"])},
                                {"n", num(e["total"].get<int>())},
                                {"detail", join(detail, lang)}}));
  }
  b.line(say("aliens", lang, {{"list", join(aliens, lang)}}));
  b.line(say("earthlings", lang, {{"list", join(earthlings_l, lang)}}));
}

// The glyphs the zero turn showed.
void FirstContactState::text_zero_turn(TextBoard& b) const {
  const Json& v = b.v;
  const std::string_view lang = b.lang;
  for (const auto& z : v["zero_turn"])
    b.line(say("zero_turn_line", lang,
               {{"who", b.who(z["seat"])},
                {"characteristic", b.characteristic(z["characteristic"])},
                {"glyph", b.glyph(z["glyph"])}}));
}

// The field, five squares a row (row 0 farthest from the aliens).
void FirstContactState::text_field(TextBoard& b) const {
  const Json& v = b.v;
  const std::string_view lang = b.lang;
  const bool compact = b.compact;
  // The field, five squares a row (row 0 farthest from the aliens).
  const Json& field = v["field"];
  if (!field.empty() && !compact) b.line(say("field", lang));
  for (std::size_t i = 0; i < field.size(); ++i) {
    const Json& f = field[i];
    if (i % 5 == 0) b.out += " ";
    b.out += " " + num(as_int(f["square"])) + " " +
             item_name(catalog().item_index(f["item"].get<std::string>()), lang);
    if (!f["covered_by"].is_null())
      b.out += " [" + say("colour." + f["covered_by"].get<std::string>(), lang) + "]";
    b.out += (i % 5 == 4 || i + 1 == field.size()) ? "\n" : " |";
  }
}

// The round so far (rulings 1.4): questions, messages, offers. Compact: a
// seat by its name ("earthling 2", "earthling 3 (you)"), a glyph by its
// number, as the compact pads give it.
void FirstContactState::text_round(TextBoard& b) const {
  const Json& v = b.v;
  const std::string_view lang = b.lang;
  const bool compact = b.compact;
  const Json& round = v["this_round"];
  if (!round["questions"].empty() || !round["messages"].empty()) {
    if (!compact) b.line(say("this_round", lang));
    for (const auto& q : round["questions"]) {
      std::vector<std::string> answer;
      for (const auto& g : q["answer"]) answer.push_back(b.round_glyph(as_int(g)));
      std::string l =
          "  " +
          say(compact ? "question_short" : "question_line", lang,
              {{"who", b.round_who(q["seat"])},
               {"squares", b.squares(q["rotated"])},
               {"answer", answer.empty() ? say("answer_pending", lang) : join(answer, lang)}});
      if (q.contains("proposals") && !q["proposals"].empty()) {
        std::vector<std::string> p;
        for (const auto& x : q["proposals"])
          p.push_back(b.round_who(x["seat"]) + " " + b.round_glyph(as_int(x["glyph"])));
        l += "; " + say("proposals", lang, {{"list", join(p, lang)}});
      }
      b.line(l);
    }
    for (const auto& m : round["messages"]) {
      std::vector<std::string> glyphs;
      for (const auto& g : m["glyphs"])
        glyphs.push_back(b.round_glyph(as_int(g["glyph"]) | (g["negated"].get<bool>() ? 0x80 : 0)));
      std::string text = join(glyphs, lang);
      if (!m["sent"].get<bool>()) text = say("being_written", lang, {{"glyphs", text}});
      b.line("  " + say("message_line", lang, {{"who", b.round_who(m["seat"])}, {"glyphs", text}}));
      const int alien = as_int(m["seat"]);
      for (const auto& o : m["offers"])
        b.line("    " +
               say("offer_line", lang,
                   {{"who", b.round_who(o["seat"])},
                    {"square", b.square(o["square"])},
                    {"result", o["covered"].get<bool>()
                                   ? say("offer_won", lang,
                                         {{"colour", colour_words(reward_colour(alien), lang)}})
                                   : say("offer_nothing", lang)}}));
    }
  }
}

// An alien's language pad.
void FirstContactState::text_language_pad(TextBoard& b) const {
  const Json& v = b.v;
  const std::string_view lang = b.lang;
  const bool compact = b.compact;
  if (!v.contains("language_pad")) return;
  const Json& p = v["language_pad"];
  if (!p["symbols"].empty()) {
    b.line(say("pad_heading", lang));
    int i = 0;
    for (const auto& c : p["symbols"])
      b.out += compact ? std::string(i++ % 5 == 0 ? (i == 1 ? "  " : "\n  ") : "  ") +
                             b.characteristic(c["characteristic"]) + "=" + num(as_int(c["glyph"]))
                       : std::string(i++ % 5 == 0 ? (i == 1 ? " " : "\n ") : " |") + " " +
                             b.characteristic(c["characteristic"]) + " = " + b.glyph(c["glyph"]);
    b.out += "\n";
  }
}

// An alien's secrets: the language pad, the request card and the target.
// A marked board shows the language pad last (next to the prompt) when the
// alien answers or writes with it.
void FirstContactState::text_alien_secrets(TextBoard& b) const {
  const Json& v = b.v;
  const Seat seat = b.seat;
  const std::string_view lang = b.lang;
  const bool marked = b.marked;
  // An alien's secrets. A marked board shows the language pad last (next to
  // the prompt) when the alien answers or writes with it.
  const bool pad_last = marked && (phase_ == Phase::kPropose || phase_ == Phase::kMessage);
  if (!pad_last) text_language_pad(b);
  if (v.contains("request_card")) {
    const Json& r = v["request_card"];
    b.line(say("card_heading", lang,
               {{"id", num(as_int(r["id"]))},
                {"side", r["side"].get<std::string>()},
                {"rotation", num(as_int(r["rotation"]))}}));
    for (int a = 0; a < aliens_; ++a) {
      const std::string list = squares_short(*this, wanted_[a], lang);
      const char* key = !small_game()              ? "wants"
                        : edition_ == Edition::kEn ? "wants_coloured"
                                                   : "wants_green";
      b.line("  " + say(key, lang,
                        {{"who", b.who_n(alien_seat(a))}, {"squares", list}, {"n", num(goal())}}));
    }
    b.line("  " +
           say(small_game() ? "black_small" : "black", lang, {{"squares", b.squares(v["black"])}}));
  }
  if (v.contains("target") && !v["target"].is_null()) {
    // The target belongs to the alien whose turn it is.
    const Seat owner = alien_seat(turn_);
    b.line(owner == seat ? say("your_target", lang, {{"square", b.square(v["target"])}})
                         : say("target_of", lang,
                               {{"who", b.who_n(owner)}, {"square", b.square(v["target"])}}));
  }
  if (pad_last) text_language_pad(b);
  if (v.contains("my_proposal") && !v["my_proposal"].is_null())
    b.line(say("your_proposal", lang, {{"glyph", b.glyph(v["my_proposal"])}}));
}

// An earthling's note pad, numbered as printed on its pad, and what the
// earthling chose.
void FirstContactState::text_note_pad(TextBoard& b) const {
  const Json& v = b.v;
  const std::string_view lang = b.lang;
  const bool marked = b.marked;
  const bool compact = b.compact;
  // An earthling's note pad, numbered as printed on its pad.
  if (v.contains("note_pad")) {
    const Json& n = v["note_pad"];
    // Compact: the characteristics asked about in the heading.
    std::vector<std::string> mine;
    for (const auto& c : v["my_characteristics"]) mine.push_back(b.characteristic(c));
    b.line(compact && !mine.empty() ? say("note_heading_asked", lang, {{"list", join(mine, lang)}})
                                    : say("note_heading", lang));
    int i = 0;
    for (const auto& c : n["cells"]) {
      const std::string noted = c["glyph"].is_null() ? std::string("-")
                                : compact            ? num(as_int(c["glyph"]))
                                                     : b.glyph(c["glyph"]);
      b.out += compact
                   ? std::string(i % 5 == 0 ? (i == 0 ? "  " : "\n  ") : "  ") + num(i + 1) + "." +
                         b.characteristic(c["characteristic"]) + "=" + noted
                   : std::string(i % 5 == 0 ? (i == 0 ? " " : "\n ") : " |") + " " + num(i + 1) +
                         ". " + b.characteristic(c["characteristic"]) + " = " + noted;
      ++i;
    }
    b.out += "\n";
    std::vector<std::string> unknown;
    for (const auto& g : n["unknown_symbols"]) unknown.push_back(b.glyph(g));
    // A compact pad leaves out an empty list of unknown symbols.
    if (!compact || !unknown.empty())
      b.line(say("unknown_symbols", lang, {{"list", join(unknown, lang)}}));
    if (!mine.empty() && !compact)
      b.line(say("my_characteristics", lang, {{"list", join(mine, lang)}}));
    if (!v["my_characteristic"].is_null())
      b.line(say("my_characteristic", lang, {{"name", b.characteristic(v["my_characteristic"])}}));
    if (!v["my_offer"].is_null())
      b.line(say("my_offer", lang, {{"square", b.square(v["my_offer"])}}));
    // The typed form is in `help` too: a marked board leaves it there.
    if (!is_terminal() && !marked) b.line(say("typed_forms", lang));
  }
}

// The end, or why this seat is asked now.
void FirstContactState::text_prompt(TextBoard& b) const {
  const Json& v = b.v;
  const Seat seat = b.seat;
  const std::string_view lang = b.lang;
  if (is_terminal()) {
    b.line(say("end_heading", lang));
    b.line(end_text(lang));
  } else if (to_act().contains(seat)) {
    // Why this seat is asked now.
    std::string p;
    switch (phase_) {
      case Phase::kCustomSymbols:
        p = say("prompt.custom_symbols", lang,
                {{"characteristic", characteristic_name(assigned_, lang)}});
        break;
      case Phase::kZeroTurn:
        p = say("prompt.zero_turn", lang);
        break;
      case Phase::kChoose:
        p = say("prompt.choose", lang);
        break;
      case Phase::kRotate:
        p = say("prompt.rotate", lang,
                {{"characteristic", b.characteristic(v["my_characteristic"])},
                 {"n", num(count_bits(rotated_))}});
        break;
      case Phase::kPropose:
        p = say("prompt.propose", lang,
                {{"who", b.who_n(earthling_seat(turn_))},
                 {"squares", squares_short(*this, rotated_, lang)}});
        break;
      case Phase::kTarget:
        p = say("prompt.target", lang);
        break;
      case Phase::kMessage:
        p = say("prompt.message", lang,
                {{"square", b.square(v["target"])}, {"n", num(static_cast<int>(message_.size()))}});
        break;
      case Phase::kOffer:
        p = say("prompt.offer", lang, {{"who", b.who_n(alien_seat(turn_))}});
        break;
      case Phase::kSecondAttempt:
        p = say("prompt.second", lang, {{"who", b.who_n(alien_seat(turn_))}});
        break;
      default:
        break;
    }
    if (!p.empty()) b.line(p);
  }
}

// The board from the top of the screen down: the status, the field, the
// round so far, the seat's secrets (an alien's pad, card and target, an
// earthling's note pad), and the end or why the seat is asked now.
std::string FirstContactState::text_view(Seat seat, std::string_view lang, int level) const {
  TextBoard b(*this, seat, lang, level);
  text_status(b);
  // The glyphs the zero turn showed: known for the rest of the game, so on
  // a marked board with the status above the mark (but at the zero turn).
  if (b.marked && phase_ != Phase::kZeroTurn) text_zero_turn(b);
  if (b.marked) b.line(std::string(kTextDecisionMark));
  text_field(b);
  if (!b.marked || phase_ == Phase::kZeroTurn) text_zero_turn(b);
  text_round(b);
  text_alien_secrets(b);
  text_note_pad(b);
  text_prompt(b);
  return std::move(b.out);
}

}  // namespace meeple::first_contact
