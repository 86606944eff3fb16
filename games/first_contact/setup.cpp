// Setup (docs/rules/first-contact.md "Setup"): the field is laid card by card,
// then the language pad and the request card are drawn; all three are chance.
#include <cassert>

#include "games/first_contact/internal.h"

namespace meeple::first_contact {

namespace {

// Each edition deck as bitsets over card indices (the layout of used_): the
// cards of the deck and those with a second face. Built once from the catalog.
struct DeckBits {
  std::array<std::uint64_t, 3> cards{}, two_faced{};
};

const DeckBits& deck_bits(Edition edition) {
  static const std::array<DeckBits, 3> bits = [] {
    std::array<DeckBits, 3> out{};
    for (std::size_t e = 0; e < out.size(); ++e) {
      const auto& deck = catalog().decks[e];
      assert(deck.size() <= 64 * out[e].cards.size());
      for (std::size_t c = 0; c < deck.size(); ++c) {
        out[e].cards[c / 64] |= std::uint64_t{1} << (c % 64);
        if (deck[c].faces() == 2) out[e].two_faced[c / 64] |= std::uint64_t{1} << (c % 64);
      }
    }
    return out;
  }();
  return bits[static_cast<std::size_t>(edition)];
}

}  // namespace

void wanted_for(int card, int rotation, int players, int aliens, Edition edition, bool advanced,
                std::array<Mask, kMaxAliens>& wanted, Mask& black) {
  const RequestCard& rc = catalog().request_cards[static_cast<std::size_t>(card)];
  const bool small = players <= 3;
  const bool side_b = small ? edition != Edition::kEn : advanced;
  const auto& colours = side_b ? rc.side_b : rc.side_a;
  wanted = {};
  black = 0;
  for (int s = 0; s < kSquares; ++s) {
    Colour c = square_colour(colours, rotation, s);
    if (c == Colour::kBlack) {
      black |= bit<Mask>(s);
      continue;
    }
    if (small) {
      // it/ko: the alien collects the green squares; en: every coloured one.
      if (edition == Edition::kEn || c == Colour::kGreen) wanted[0] |= bit<Mask>(s);
    } else if (static_cast<int>(c) < aliens) {
      wanted[static_cast<int>(c)] |= bit<Mask>(s);
    }
  }
}

int FirstContactState::item_at(int square) const {
  if (square >= laid_) return -1;
  const DeckCard& c = catalog().decks[static_cast<int>(edition_)][field_card_[square]];
  return c.face[field_face_[square]];
}

void FirstContactState::lay_field_outcomes(ChanceList& out) const {
  // Every face of every card not on the field yet, weight 1, ascending:
  // (card, face 0), then (card, face 1) when the card has one.
  const DeckBits& deck = deck_bits(edition_);
  for (std::size_t w = 0; w < used_.size(); ++w)
    for_each_bit(deck.cards[w] & ~used_[w], [&](int bit_index) {
      const Action c = static_cast<Action>(64 * w) + bit_index;
      // Both faces, then the second dropped again (a resize down only sets
      // the size) for a one-faced card: branch-free, as which cards have
      // two faces follows no pattern.
      out.push_back({2 * c, 1});
      out.push_back({2 * c + 1, 1});
      out.resize(out.size() - 1 + ((deck.two_faced[w] >> bit_index) & 1u));
    });
}

void FirstContactState::apply_lay_field(Action a) {
  const int card = a / 2;
  field_card_[laid_] = static_cast<std::uint8_t>(card);
  field_face_[laid_] = static_cast<std::uint8_t>(a % 2);
  used_[static_cast<std::size_t>(card / 64)] |= bit(card % 64);
  if (++laid_ == kSquares) phase_ = custom_symbols_ ? Phase::kDrawRequest : Phase::kDrawPad;
}

void FirstContactState::apply_draw_pad(Action a) {
  pad_ = static_cast<std::int8_t>(a);
  glyph_of_ = catalog().pads[static_cast<std::size_t>(a)];
  phase_ = Phase::kDrawRequest;
}

void FirstContactState::apply_draw_request(Action a) {
  card_ = static_cast<std::int8_t>(a / kRotations);
  rotation_ = static_cast<std::uint8_t>(a % kRotations);
  compute_wanted();
  if (custom_symbols_) {
    pad_ = kPads;
    phase_ = Phase::kCustomSymbols;
  } else {
    after_setup();
  }
}

void FirstContactState::compute_wanted() {
  wanted_for(card_, rotation_, players_, aliens_, edition_, advanced_, wanted_, black_);
}

void FirstContactState::after_setup() {
  random_fill_ = false;
  turn_ = 0;
  if (zero_turn_)
    phase_ = Phase::kZeroTurn;
  else
    start_round();
}

}  // namespace meeple::first_contact
