// Events in words (plumbing for rulings 1.4 "everything public stays
// readable"): what one observer sees of one action, asked before it is
// applied. The table (room/) keeps these words for every observer, so the
// history of earlier rounds lives there and search states do not grow for
// it. Each event tells only what view(observer) shows once the action is
// applied: secret choices are told to their author alone, the language pad,
// the request card and the targets to the aliens alone, and simultaneous
// decisions when they are revealed together.
#include <string>
#include <vector>

#include "games/first_contact/internal.h"
#include "games/first_contact/words.h"

namespace meeple::first_contact {

std::string FirstContactState::describe_event(Seat observer, Seat actor, Action a,
                                              std::string_view lang) const {
  FirstContactState after = *this;
  if (after.apply(actor, a)) return "";  // not an action of this position
  const bool alien_eye = is_alien(observer);
  const bool own = actor == observer;
  std::vector<std::string> out;
  auto who = [&](Seat s) { return seat_words(*this, s, observer, lang); };
  auto glyph = [&](int g) { return glyph_words(g, lang); };
  auto square = [&](int q) { return square_words(after, q, lang); };

  if (actor == kChance) {
    switch (phase_) {
      case Phase::kLayField:
        out.push_back(say("ev.lay", lang, {{"square", square(laid_)}}));
        break;
      case Phase::kDrawPad:
        out.push_back(alien_eye ? say("ev.pad", lang, {{"id", std::to_string(a)}})
                                : say("ev.pad_hidden", lang));
        break;
      case Phase::kDrawRequest:
        out.push_back(
            alien_eye
                ? say("ev.card", lang,
                      {{"id", std::to_string(after.card_)},
                       {"side", (small_game() ? edition_ != Edition::kEn : advanced_) ? "B" : "A"},
                       {"rotation", std::to_string(after.rotation_)}})
                : say("ev.card_hidden", lang));
        break;
      case Phase::kCustomSymbols:
        if (alien_eye)
          out.push_back(
              say("ev.assign_chance", lang,
                  {{"glyph", glyph(a)}, {"characteristic", characteristic_name(assigned_, lang)}}));
        break;
      default:
        break;
    }
  } else if (a >= act::kNoteWrite) {
    // A note pad is private: only its owner hears of an edit.
    if (own) {
      if (a < act::kNoteClear) {
        const int x = a - act::kNoteWrite;
        out.push_back(say("ev.note_write", lang,
                          {{"glyph", glyph(x % kGlyphs)},
                           {"characteristic", characteristic_name(x / kGlyphs, lang)}}));
      } else if (a < act::kUnknownToggle) {
        out.push_back(say("ev.note_clear", lang,
                          {{"characteristic", characteristic_name(a - act::kNoteClear, lang)}}));
      } else {
        out.push_back(say("ev.unknown", lang, {{"glyph", glyph(a - act::kUnknownToggle)}}));
      }
    }
  } else {
    switch (phase_) {
      case Phase::kCustomSymbols:
        if (a == act::kRandomize)
          out.push_back(say("ev.randomize", lang, {{"who", who(actor)}}));
        else if (alien_eye)
          out.push_back(say("ev.assign", lang,
                            {{"who", who(actor)},
                             {"glyph", glyph(a - act::kGlyph)},
                             {"characteristic", characteristic_name(assigned_, lang)}}));
        break;
      case Phase::kZeroTurn:
        out.push_back(say("ev.zero", lang,
                          {{"who", who(actor)},
                           {"characteristic", characteristic_name(a, lang)},
                           {"glyph", glyph(after.zero_glyph_[turn_])}}));
        break;
      case Phase::kChoose:
        out.push_back(
            own ? say("ev.choose_own", lang,
                      {{"who", who(actor)}, {"characteristic", characteristic_name(a, lang)}})
                : say("ev.choose", lang, {{"who", who(actor)}}));
        break;
      case Phase::kRotate:
        out.push_back(a == act::kDone
                          ? say("ev.done", lang, {{"who", who(actor)}})
                          : say("ev.rotate", lang,
                                {{"who", who(actor)}, {"square", square(a - act::kSquare)}}));
        if (after.phase_ == Phase::kPropose)
          out.push_back(
              say("ev.question", lang,
                  {{"who", who(actor)}, {"squares", squares_short(after, after.rotated_, lang)}}));
        break;
      case Phase::kPropose: {
        out.push_back(own ? say("ev.propose_own", lang,
                                {{"who", who(actor)}, {"glyph", glyph(a - act::kGlyph)}})
                          : say("ev.propose", lang, {{"who", who(actor)}}));
        if (after.phase_ == Phase::kPropose) break;
        // Every alien has proposed: the answer is revealed.
        const Seat asker = earthling_seat(turn_);
        std::vector<std::string> glyphs;
        for (auto g : after.answer_) glyphs.push_back(glyph(g));
        out.push_back(say("ev.answer", lang,
                          {{"who", who(asker)},
                           {"squares", squares_short(after, rotated_, lang)},
                           {"glyphs", join(glyphs, lang)}}));
        if (observer == asker && chosen_ >= 0)
          out.push_back(
              say("ev.answer_own", lang, {{"characteristic", characteristic_name(chosen_, lang)}}));
        if (alien_eye && aliens_ > 1) {
          std::vector<std::string> p;
          for (int x = 0; x < aliens_; ++x)
            p.push_back(who(alien_seat(x)) + " " + glyph(after.round_proposals_[turn_][x]));
          out.push_back(say("ev.proposals", lang, {{"list", join(p, lang)}}));
        }
        break;
      }
      case Phase::kTarget:
        out.push_back(alien_eye ? say("ev.target", lang,
                                      {{"who", who(actor)}, {"square", square(a - act::kSquare)}})
                                : say("ev.target_hidden", lang, {{"who", who(actor)}}));
        break;
      case Phase::kMessage: {
        if (a != act::kSend)
          out.push_back(say(
              "ev.write", lang,
              {{"who", who(actor)}, {"glyph", message_glyph_words(after.message_.back(), lang)}}));
        if (after.phase_ != Phase::kOffer) break;
        std::vector<std::string> glyphs;
        for (auto g : after.message_) glyphs.push_back(message_glyph_words(g, lang));
        out.push_back(
            say("ev.message", lang, {{"who", who(actor)}, {"glyphs", join(glyphs, lang)}}));
        break;
      }
      case Phase::kOffer:
      case Phase::kSecondAttempt: {
        if (a == act::kPass) {
          out.push_back(say("ev.pass", lang, {{"who", who(actor)}}));
          break;
        }
        const int q = a - act::kSquare;
        if (phase_ == Phase::kOffer)
          out.push_back(
              own ? say("ev.offer_own", lang, {{"who", who(actor)}, {"square", square(q)}})
                  : say("ev.offer", lang, {{"who", who(actor)}}));
        // Resolved when every earthling has offered (a second attempt at once).
        bool resolved = phase_ == Phase::kSecondAttempt;
        if (!resolved) {
          resolved = true;
          for (int e = 0; e < earthlings(); ++e)
            if (e != actor - aliens_ && offer_[e] < 0) resolved = false;
        }
        if (!resolved) break;
        const int alien = turn_;
        std::vector<std::string> items;
        for (int e = 0; e < earthlings(); ++e) {
          // The offers as they were revealed (`after` may be a new round).
          const int s = e == actor - aliens_ ? q : offer_[e];
          if (s < 0) continue;
          const bool won = after.covered_by_[s] == alien && covered_by_[s] < 0;
          items.push_back(say(
              "ev.offer_item", lang,
              {{"who", who(earthling_seat(e))},
               {"square", square(s)},
               {"result",
                won ? say("offer_won", lang, {{"colour", colour_words(reward_colour(alien), lang)}})
                    : say("offer_nothing", lang)}}));
        }
        out.push_back(
            say("ev.offers", lang, {{"who", who(alien_seat(alien))}, {"list", join(items, lang)}}));
        break;
      }
      default:
        break;
    }
  }

  // What follows by itself: a second attempt, the timer, a new round, the end.
  if (after.phase_ == Phase::kSecondAttempt && phase_ != Phase::kSecondAttempt)
    out.push_back(say("ev.second", lang, {{"who", who(earthling_seat(0))}}));
  if (small_game() && round_ >= 1 &&
      (after.round_ > round_ || after.timer_ran_out_ != timer_ran_out_))
    out.push_back(say("ev.timer", lang,
                      {{"round", std::to_string(round_)},
                       {"n", std::to_string(timer_ - after.timer_)},
                       {"left", std::to_string(after.timer_)}}));
  if (after.round_ > round_)
    out.push_back(say("ev.round", lang, {{"round", std::to_string(after.round_)}}));
  if (after.is_terminal() && !is_terminal()) out.push_back(after.end_text(lang));

  std::string text;
  for (const auto& l : out) text += (text.empty() ? "" : " ") + l;
  return text;
}

}  // namespace meeple::first_contact
