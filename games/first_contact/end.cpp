// End and winners (docs/rules/first-contact.md): the alien goal, the token
// counts and the note-pad tie-break that decide both teams' winners.
#include "games/first_contact/internal.h"

namespace meeple::first_contact {

namespace {

SeatSet best_earthlings(const FirstContactState& s, bool pad_tiebreak) {
  SeatSet w;
  int best = -1, best_pad = -1;
  for (int e = 0; e < s.earthlings(); ++e) {
    const int t = s.tokens_of(e), p = pad_tiebreak ? s.pad_score(e) : 0;
    if (t > best || (t == best && p > best_pad)) {
      w = SeatSet();
      best = t;
      best_pad = p;
    }
    if (t == best && p == best_pad) w.insert(s.earthling_seat(e));
  }
  return w;
}

}  // namespace

int FirstContactState::goal() const {
  if (small_game()) return edition_ == Edition::kEn ? 5 : 8;
  return advanced_ ? 5 : 3;
}

int FirstContactState::items_of(int alien) const {
  int n = 0;
  for (int s = 0; s < kSquares; ++s)
    if (covered_by_[s] == alien) ++n;
  return n;
}

int FirstContactState::tokens_of(int earthling) const {
  int n = 0;
  for (int c = 0; c < kMaxAliens; ++c) n += tokens_[earthling][c];
  return n;
}

int FirstContactState::pad_score(int earthling) const {
  if (pad_ < 0) return 0;
  int n = 0;
  for (int k = 0; k < kCharacteristics; ++k)
    if (note_[earthling][k] >= 0 && note_[earthling][k] == glyph_of_[k]) ++n;
  return n;
}

SeatSet winners_of(const FirstContactState& s) {
  SeatSet w;
  const bool pad_tiebreak = s.edition() != Edition::kEn;
  if (s.alien_winner() >= 0) w.insert(s.alien_seat(s.alien_winner()));
  if (s.small_game() && s.edition() != Edition::kEn && s.earthlings() == 1) {
    // Two players, it/ko: one verdict for both; they win together on 8 items.
    if (s.alien_winner() >= 0) w.insert(s.earthling_seat(0));
    return w;
  }
  SeatSet e = best_earthlings(s, pad_tiebreak);
  for (int i = 0; i < s.num_players(); ++i)
    if (e.contains(i)) w.insert(i);
  return w;
}

}  // namespace meeple::first_contact
