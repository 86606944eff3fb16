#include "games/first_contact/first_contact.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>
#include <string>

namespace meeple::first_contact {

namespace {

constexpr std::uint32_t bit(int i) {
  return 1u << i;
}
constexpr std::uint32_t kAllSquares = (1u << kSquares) - 1u;
constexpr std::uint32_t kAllGlyphs = (1u << kGlyphs) - 1u;

// The number of set bits. std::popcount compiles to a libgcc call when the
// build targets baseline x86-64 (no POPCNT instruction), which showed in the
// profile of a random playout; this is a few inline instructions.
constexpr int count_bits(std::uint32_t x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0fu;
  return static_cast<int>((x * 0x01010101u) >> 24);
}
static_assert(count_bits(0) == 0 && count_bits(kAllSquares) == kSquares &&
              count_bits(0xffffffffu) == 32 && count_bits(0x80000001u) == 2);

// Appends base + i for every set bit i of `mask`, in ascending order.
void push_bits(ActionList& out, Action base, std::uint32_t mask) {
  for (; mask != 0; mask &= mask - 1) out.push_back(base + std::countr_zero(mask));
}

// Appends base, base + 1, ..., base + n - 1.
void push_range(ActionList& out, Action base, int n) {
  for (int i = 0; i < n; ++i) out.push_back(base + i);
}

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

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::kLayField:
      return "lay_field";
    case Phase::kDrawPad:
      return "draw_language_pad";
    case Phase::kDrawRequest:
      return "draw_request_card";
    case Phase::kCustomSymbols:
      return "custom_symbols";
    case Phase::kZeroTurn:
      return "zero_turn";
    case Phase::kChoose:
      return "choose_characteristic";
    case Phase::kRotate:
      return "rotate_cards";
    case Phase::kPropose:
      return "propose_glyph";
    case Phase::kTarget:
      return "choose_target";
    case Phase::kMessage:
      return "write_message";
    case Phase::kOffer:
      return "offer";
    case Phase::kSecondAttempt:
      return "second_attempt";
    case Phase::kOver:
      return "over";
  }
  return "?";
}

// Which squares each alien wants and which are black, for a request card in a
// rotation (RULINGS 1.2, 1.3, 1.8).
void wanted_for(int card, int rotation, int players, int aliens, Edition edition, bool advanced,
                std::array<std::uint32_t, kMaxAliens>& wanted, std::uint32_t& black) {
  const RequestCard& rc = catalog().request_cards[static_cast<std::size_t>(card)];
  const bool small = players <= 3;
  const bool side_b = small ? edition != Edition::kEn : advanced;
  const auto& colours = side_b ? rc.side_b : rc.side_a;
  wanted = {};
  black = 0;
  for (int s = 0; s < kSquares; ++s) {
    Colour c = square_colour(colours, rotation, s);
    if (c == Colour::kBlack) {
      black |= bit(s);
      continue;
    }
    if (small) {
      // it/ko: the alien collects the green squares; en: every coloured one.
      if (edition == Edition::kEn || c == Colour::kGreen) wanted[0] |= bit(s);
    } else if (static_cast<int>(c) < aliens) {
      wanted[static_cast<int>(c)] |= bit(s);
    }
  }
}

Json characteristic_json(int k) {
  if (k < 0) return nullptr;
  return catalog().characteristics[static_cast<std::size_t>(k)].id;
}

Json glyph_json(int g) {
  if (g < 0) return nullptr;
  return g;
}

Json squares_json(std::uint32_t mask) {
  Json out = Json::array();
  for (int s = 0; s < kSquares; ++s)
    if (mask & bit(s)) out.push_back(s);
  return out;
}

}  // namespace

FirstContactState::FirstContactState(int players, const Options& o)
    : players_(static_cast<std::uint8_t>(players)),
      aliens_(static_cast<std::uint8_t>(o.aliens)),
      edition_(o.edition),
      advanced_(o.advanced),
      zero_turn_(o.zero_turn),
      negation_(o.negation),
      custom_symbols_(o.custom_symbols) {
  covered_by_.fill(-1);
  zero_char_.fill(-1);
  zero_glyph_.fill(-1);
  proposal_.fill(-1);
  offer_.fill(-1);
  for (auto& l : last_offer_) l.fill(-1);
  for (auto& n : note_) n.fill(-1);
  if (small_game()) timer_ = edition_ == Edition::kEn ? 10 : 9;
}

int FirstContactState::deck_cards() const {
  return static_cast<int>(catalog().decks[static_cast<int>(edition_)].size());
}

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

int FirstContactState::item_at(int square) const {
  if (square >= laid_) return -1;
  const DeckCard& c = catalog().decks[static_cast<int>(edition_)][field_card_[square]];
  return c.face[field_face_[square]];
}

int FirstContactState::pad_score(int earthling) const {
  if (pad_ < 0) return 0;
  int n = 0;
  for (int k = 0; k < kCharacteristics; ++k)
    if (note_[earthling][k] >= 0 && note_[earthling][k] == glyph_of_[k]) ++n;
  return n;
}

int FirstContactState::verdict() const {
  int items = items_of(0);
  if (items >= 8) return 3;
  if (items >= 6) return 2;
  if (items >= 4) return 1;
  return 0;
}

bool FirstContactState::is_chance() const {
  switch (phase_) {
    case Phase::kLayField:
    case Phase::kDrawPad:
    case Phase::kDrawRequest:
      return true;
    case Phase::kCustomSymbols:
      return random_fill_;
    default:
      return false;
  }
}

SeatSet FirstContactState::to_act() const {
  SeatSet s;
  switch (phase_) {
    case Phase::kCustomSymbols:
      if (!random_fill_) s.insert(alien_seat(0));
      break;
    case Phase::kZeroTurn:
    case Phase::kChoose:
    case Phase::kRotate:
      s.insert(earthling_seat(turn_));
      break;
    case Phase::kPropose:
      for (int a = 0; a < aliens_; ++a)
        if (proposal_[a] < 0) s.insert(alien_seat(a));
      break;
    case Phase::kTarget:
    case Phase::kMessage:
      s.insert(alien_seat(turn_));
      break;
    case Phase::kOffer:
      for (int e = 0; e < earthlings(); ++e)
        if (offer_[e] < 0) s.insert(earthling_seat(e));
      break;
    case Phase::kSecondAttempt:
      s.insert(earthling_seat(0));
      break;
    default:
      break;
  }
  return s;
}

bool FirstContactState::earthlings_may_edit() const {
  return !is_terminal() && !is_chance() && phase_ >= Phase::kCustomSymbols;
}

void FirstContactState::legal_actions(Seat seat, ActionList& out) const {
  if (seat < 0 || seat >= players_ || is_terminal()) return;
  decision_actions(seat, out);
  if (is_earthling(seat) && earthlings_may_edit()) {
    const auto& pad = note_[seat - aliens_];
    for (int k = 0; k < kCharacteristics; ++k)
      for (int g = 0; g < kGlyphs; ++g)
        if (pad[k] != g) out.push_back(act::kNoteWrite + k * kGlyphs + g);
    for (int k = 0; k < kCharacteristics; ++k)
      if (pad[k] >= 0) out.push_back(act::kNoteClear + k);
    for (int g = 0; g < kGlyphs; ++g) out.push_back(act::kUnknownToggle + g);
  }
}

void FirstContactState::search_actions(Seat seat, ActionList& out) const {
  if (seat < 0 || seat >= players_ || is_terminal()) return;
  decision_actions(seat, out);
}

std::uint32_t FirstContactState::uncovered() const {
  // covered_by_ is -1 (sign bit set) for an uncovered square. Eight squares
  // at a time: bit 0 of byte i of `signs` is square 8w+i's sign bit, and the
  // multiply moves it to bit 56+i (the partial products never overlap, so
  // nothing carries). Little-endian byte order; 3 words and square 24.
  static_assert(std::endian::native == std::endian::little && kSquares == 3 * 8 + 1);
  std::uint32_t mask = 0;
  for (int w = 0; w < 3; ++w) {
    std::uint64_t x;
    std::memcpy(&x, covered_by_.data() + 8 * w, sizeof x);
    const std::uint64_t signs = (x >> 7) & 0x0101010101010101u;
    mask |= static_cast<std::uint32_t>((signs * 0x0102040810204080u) >> 56) << (8 * w);
  }
  return mask | (static_cast<std::uint32_t>(covered_by_[24] < 0) << 24);
}

void FirstContactState::decision_actions(Seat seat, ActionList& out) const {
  if (!to_act().contains(seat)) return;
  switch (phase_) {
    case Phase::kCustomSymbols: {
      std::uint32_t used = 0;
      for (int k = 0; k < assigned_; ++k) used |= bit(glyph_of_[k]);
      push_bits(out, act::kGlyph, kAllGlyphs & ~used);
      out.push_back(act::kRandomize);
      break;
    }
    case Phase::kZeroTurn:
    case Phase::kChoose:
      push_range(out, act::kCharacteristic, kCharacteristics);
      break;
    case Phase::kRotate: {
      const int n = count_bits(rotated_);
      if (n < kMaxRotated) push_bits(out, act::kSquare, kAllSquares & ~rotated_);
      if (n >= 1) out.push_back(act::kDone);
      break;
    }
    case Phase::kPropose:
      push_range(out, act::kGlyph, kGlyphs);
      break;
    case Phase::kTarget:
      push_bits(out, act::kSquare, wanted_[turn_] & uncovered());
      break;
    case Phase::kMessage:
      if (message_.size() < kMaxMessage) {
        push_range(out, act::kGlyph, kGlyphs);
        if (negation_rule()) push_range(out, act::kNotGlyph, kGlyphs);
      }
      if (!message_.empty()) out.push_back(act::kSend);
      break;
    case Phase::kOffer:
    case Phase::kSecondAttempt:
      push_bits(out, act::kSquare, uncovered());
      if (phase_ == Phase::kSecondAttempt) out.push_back(act::kPass);
      break;
    default:
      break;
  }
}

void FirstContactState::chance_outcomes(ChanceList& out) const {
  switch (phase_) {
    case Phase::kLayField: {
      // Every face of every card not on the field yet, weight 1, ascending:
      // (card, face 0), then (card, face 1) when the card has one.
      const DeckBits& deck = deck_bits(edition_);
      for (std::size_t w = 0; w < used_.size(); ++w)
        for (std::uint64_t left = deck.cards[w] & ~used_[w]; left != 0; left &= left - 1) {
          const int bit_index = std::countr_zero(left);
          const Action c = static_cast<Action>(64 * w) + bit_index;
          // Both faces, then the second dropped again (a resize down only sets
          // the size) for a one-faced card: branch-free, as which cards have
          // two faces follows no pattern.
          out.push_back({2 * c, 1});
          out.push_back({2 * c + 1, 1});
          out.resize(out.size() - 1 + ((deck.two_faced[w] >> bit_index) & 1u));
        }
      break;
    }
    case Phase::kDrawPad:
      for (int p = 0; p < kPads; ++p) out.push_back({p, 1});
      break;
    case Phase::kDrawRequest:
      for (int c = 0; c < kRequestCards * kRotations; ++c) out.push_back({c, 1});
      break;
    case Phase::kCustomSymbols:
      if (random_fill_) {
        std::uint32_t used = 0;
        for (int k = 0; k < assigned_; ++k) used |= bit(glyph_of_[k]);
        for (int g = 0; g < kGlyphs; ++g)
          if (!(used & bit(g))) out.push_back({g, 1});
      }
      break;
    default:
      break;
  }
}

MaybeError FirstContactState::apply(Seat seat, Action a) {
  if (auto err = validate_action(*this, seat, a)) return err;
  apply_unchecked(seat, a);
  return {};
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

void FirstContactState::finish_custom_symbols() {
  after_setup();
}

void FirstContactState::start_round() {
  ++round_;
  if (small_game()) small_rounds_.push_back(SmallRound{});
  turn_ = 0;
  phase_ = Phase::kChoose;
}

void FirstContactState::next_earthling_turn() {
  ++turn_;
  if (turn_ < earthlings()) {
    phase_ = Phase::kChoose;
  } else {
    turn_ = 0;
    start_alien_turn();
  }
}

void FirstContactState::start_alien_turn() {
  phase_ = Phase::kTarget;
  target_ = -1;
  attempt_ = 0;
  offer_.fill(-1);
}

void FirstContactState::reveal_answer() {
  // The answer lists the distinct proposals in alien colour order (RULINGS 1.4).
  answer_.clear();
  for (int a = 0; a < aliens_; ++a) {
    auto g = static_cast<std::uint8_t>(proposal_[a]);
    if (!answer_.contains(g)) answer_.push_back(g);
  }
  proposal_.fill(-1);
  chosen_ = -1;
  next_earthling_turn();
}

void FirstContactState::resolve_offers() {
  const int alien = turn_;
  if (attempt_ == 0)
    for (auto& l : last_offer_) l.fill(-1);
  // Each offered square the current alien wants is covered and every earthling
  // who offered it gets a token of that alien's colour, target or not; any
  // other square gives nothing (RULINGS 1.4 step 4).
  for (int e = 0; e < earthlings(); ++e) {
    const int s = offer_[e];
    if (s < 0) continue;
    last_offer_[e][attempt_] = static_cast<std::int8_t>(s);
    if (small_game()) {
      SmallRound& r = small_rounds_.back();
      if (r.offers < 2) r.offer[r.offers++] = static_cast<std::int8_t>(s);
    }
    if ((wanted_[alien] & bit(s)) && (covered_by_[s] < 0 || covered_by_[s] == alien)) {
      covered_by_[s] = static_cast<std::int8_t>(alien);
      ++tokens_[e][alien];
    } else {
      refused_[alien] |= bit(s);
    }
  }
  offer_.fill(-1);
  if (items_of(alien) >= goal()) {
    alien_winner_ = static_cast<std::int8_t>(alien);
    phase_ = Phase::kOver;
    return;
  }
  if (players_ == 2 && attempt_ == 0) {
    attempt_ = 1;
    phase_ = Phase::kSecondAttempt;
    return;
  }
  end_alien_turn();
}

void FirstContactState::end_alien_turn() {
  ++turn_;
  if (turn_ < aliens_)
    start_alien_turn();
  else
    end_round();
}

void FirstContactState::end_round() {
  if (small_game()) {
    // The timer (RULINGS 1.8): it/ko discard one token plus one per black
    // offer; en lays out one plus one if any black square was offered.
    SmallRound& r = small_rounds_.back();
    int blacks = 0;
    for (int i = 0; i < r.offers; ++i)
      if (black_ & bit(r.offer[i])) ++blacks;
    const int extra = edition_ == Edition::kEn ? (blacks > 0 ? 1 : 0) : blacks;
    r.penalty = static_cast<std::int8_t>(extra);
    const int need = 1 + extra;
    if (edition_ == Edition::kEn) {
      timer_ = static_cast<std::int8_t>(std::max(0, timer_ - need));
      if (timer_ == 0) {
        timer_ran_out_ = true;
        phase_ = Phase::kOver;
        return;
      }
    } else {
      if (timer_ < need) {
        timer_ = 0;
        timer_ran_out_ = true;
        phase_ = Phase::kOver;
        return;
      }
      timer_ = static_cast<std::int8_t>(timer_ - need);
    }
  }
  start_round();
}

void FirstContactState::apply_unchecked(Seat seat, Action a) {
  if (seat == kChance) {
    switch (phase_) {
      case Phase::kLayField: {
        const int card = a / 2;
        field_card_[laid_] = static_cast<std::uint8_t>(card);
        field_face_[laid_] = static_cast<std::uint8_t>(a % 2);
        used_[static_cast<std::size_t>(card / 64)] |= std::uint64_t{1} << (card % 64);
        if (++laid_ == kSquares) phase_ = custom_symbols_ ? Phase::kDrawRequest : Phase::kDrawPad;
        break;
      }
      case Phase::kDrawPad:
        pad_ = static_cast<std::int8_t>(a);
        glyph_of_ = catalog().pads[static_cast<std::size_t>(a)];
        phase_ = Phase::kDrawRequest;
        break;
      case Phase::kDrawRequest:
        card_ = static_cast<std::int8_t>(a / kRotations);
        rotation_ = static_cast<std::uint8_t>(a % kRotations);
        compute_wanted();
        if (custom_symbols_) {
          pad_ = kPads;
          phase_ = Phase::kCustomSymbols;
        } else {
          after_setup();
        }
        break;
      case Phase::kCustomSymbols:
        glyph_of_[assigned_++] = static_cast<std::uint8_t>(a);
        if (assigned_ == kCharacteristics) finish_custom_symbols();
        break;
      default:
        break;
    }
    return;
  }
  if (a >= act::kNoteWrite) {
    const int e = seat - aliens_;
    if (a < act::kNoteClear) {
      const int x = a - act::kNoteWrite;
      note_[e][x / kGlyphs] = static_cast<std::int8_t>(x % kGlyphs);
    } else if (a < act::kUnknownToggle) {
      note_[e][a - act::kNoteClear] = -1;
    } else {
      unknown_[e] ^= bit(a - act::kUnknownToggle);
    }
    return;
  }
  switch (phase_) {
    case Phase::kCustomSymbols:
      if (a == act::kRandomize) {
        random_fill_ = true;
      } else {
        glyph_of_[assigned_++] = static_cast<std::uint8_t>(a - act::kGlyph);
        if (assigned_ == kCharacteristics) finish_custom_symbols();
      }
      break;
    case Phase::kZeroTurn:
      // The engine answers for the aliens, truthfully (RULINGS 1.7).
      zero_char_[turn_] = static_cast<std::int8_t>(a);
      zero_glyph_[turn_] = static_cast<std::int8_t>(glyph_of_[a]);
      if (++turn_ == earthlings()) start_round();
      break;
    case Phase::kChoose:
      chosen_ = static_cast<std::int8_t>(a);
      chosen_ever_[turn_] |= bit(a);
      rotated_ = 0;
      answer_.clear();
      asker_ = static_cast<std::int8_t>(turn_);
      phase_ = Phase::kRotate;
      break;
    case Phase::kRotate:
      if (a != act::kDone) rotated_ |= bit(a - act::kSquare);
      if (a == act::kDone || count_bits(rotated_) == kMaxRotated) phase_ = Phase::kPropose;
      break;
    case Phase::kPropose: {
      proposal_[seat] = static_cast<std::int8_t>(a - act::kGlyph);
      bool all = true;
      for (int i = 0; i < aliens_; ++i) all = all && proposal_[i] >= 0;
      if (all) reveal_answer();
      break;
    }
    case Phase::kTarget:
      target_ = static_cast<std::int8_t>(a - act::kSquare);
      message_.clear();
      speaker_ = static_cast<std::int8_t>(turn_);
      phase_ = Phase::kMessage;
      break;
    case Phase::kMessage:
      if (a != act::kSend)
        message_.push_back(a >= act::kNotGlyph
                               ? static_cast<std::uint8_t>(0x80 | (a - act::kNotGlyph))
                               : static_cast<std::uint8_t>(a - act::kGlyph));
      if (a == act::kSend || message_.size() == kMaxMessage) {
        phase_ = Phase::kOffer;
        offer_.fill(-1);
      }
      break;
    case Phase::kOffer: {
      offer_[seat - aliens_] = static_cast<std::int8_t>(a - act::kSquare);
      bool all = true;
      for (int e = 0; e < earthlings(); ++e) all = all && offer_[e] >= 0;
      if (all) resolve_offers();
      break;
    }
    case Phase::kSecondAttempt:
      if (a == act::kPass) {
        end_alien_turn();
      } else {
        offer_[0] = static_cast<std::int8_t>(a - act::kSquare);
        resolve_offers();
      }
      break;
    default:
      break;
  }
}

// ---------------------------------------------------------------- JSON forms

const char* FirstContactState::square_key() const {
  switch (phase_) {
    case Phase::kRotate:
      return "rotate";
    case Phase::kTarget:
      return "target";
    default:
      return "offer";
  }
}

Json FirstContactState::action_to_json(Seat seat, Action a) const {
  if (seat == kChance) {
    switch (phase_) {
      case Phase::kLayField: {
        const auto& deck = catalog().decks[static_cast<int>(edition_)];
        Json j = {{"card", a / 2}, {"face", a % 2}};
        if (a >= 0 && static_cast<std::size_t>(a / 2) < deck.size() && a % 2 < deck[a / 2].faces())
          j["item"] = catalog().items[deck[a / 2].face[a % 2]].id;
        return {{"lay", j}};
      }
      case Phase::kDrawPad:
        return {{"language_pad", a}};
      case Phase::kDrawRequest:
        return {{"request_card", a / kRotations}, {"rotation", a % kRotations}};
      default:
        return {{"assign", a}};
    }
  }
  if (a >= act::kNoteWrite && a < act::kNoteClear) {
    const int x = a - act::kNoteWrite;
    return {
        {"note", {{"characteristic", characteristic_json(x / kGlyphs)}, {"glyph", x % kGlyphs}}}};
  }
  if (a >= act::kNoteClear && a < act::kUnknownToggle)
    return {{"note",
             {{"characteristic", characteristic_json(a - act::kNoteClear)}, {"glyph", nullptr}}}};
  if (a >= act::kUnknownToggle && a < act::kCount) return {{"unknown", a - act::kUnknownToggle}};
  if (a >= act::kCharacteristic && a < act::kSquare)
    return {{phase_ == Phase::kZeroTurn ? "ask" : "characteristic", characteristic_json(a)}};
  if (a >= act::kSquare && a < act::kDone) return {{square_key(), a - act::kSquare}};
  if (a == act::kDone) return {{"done", true}};
  if (a >= act::kGlyph && a < act::kNotGlyph) return {{"glyph", a - act::kGlyph}};
  if (a >= act::kNotGlyph && a < act::kSend)
    return {{"glyph", a - act::kNotGlyph}, {"negated", true}};
  if (a == act::kSend) return {{"send", true}};
  if (a == act::kPass) return {{"pass", true}};
  if (a == act::kRandomize) return {{"randomize", true}};
  return {{"invalid", a}};
}

Expected<Action> FirstContactState::action_from_json(Seat seat, const Json& j) const {
  auto bad = [](const char* what) { return make_error(errc::kMalformedAction, what); };
  if (!j.is_object() || j.size() < 1) return bad("an action is a JSON object");
  auto int_field = [&](const char* key, int lo, int hi) -> std::optional<int> {
    if (!j.contains(key) || !j[key].is_number_integer()) return std::nullopt;
    auto v = j[key].get<long long>();
    if (v < lo || v > hi) return std::nullopt;
    return static_cast<int>(v);
  };
  auto characteristic = [](const Json& v) -> int {
    if (!v.is_string()) return -1;
    return catalog().characteristic_index(v.get<std::string>());
  };
  if (seat == kChance) {
    if (j.contains("lay")) {
      const Json& l = j["lay"];
      if (!l.is_object() || !l.contains("card") || !l["card"].is_number_integer() ||
          !l.contains("face") || !l["face"].is_number_integer())
        return bad("expected {\"lay\": {\"card\": n, \"face\": 0|1}}");
      auto c = l["card"].get<long long>(), f = l["face"].get<long long>();
      if (c < 0 || c > 255 || f < 0 || f > 1) return bad("card or face out of range");
      return static_cast<Action>(c * 2 + f);
    }
    if (auto p = int_field("language_pad", 0, kPads - 1)) return *p;
    if (auto c = int_field("request_card", 0, kRequestCards - 1)) {
      auto r = int_field("rotation", 0, kRotations - 1);
      if (!r) return bad("expected a rotation 0..3");
      return *c * kRotations + *r;
    }
    if (auto g = int_field("assign", 0, kGlyphs - 1)) return *g;
    return bad("unknown chance outcome");
  }
  if (j.contains("note")) {
    const Json& n = j["note"];
    if (!n.is_object() || !n.contains("characteristic") || !n.contains("glyph"))
      return bad("expected {\"note\": {\"characteristic\": id, \"glyph\": g|null}}");
    int k = characteristic(n["characteristic"]);
    if (k < 0) return bad("unknown characteristic");
    if (n["glyph"].is_null()) return act::kNoteClear + k;
    if (!n["glyph"].is_number_integer()) return bad("glyph must be 0..24 or null");
    auto g = n["glyph"].get<long long>();
    if (g < 0 || g >= kGlyphs) return bad("glyph must be 0..24 or null");
    return act::kNoteWrite + k * kGlyphs + static_cast<int>(g);
  }
  if (j.contains("unknown")) {
    if (auto g = int_field("unknown", 0, kGlyphs - 1)) return act::kUnknownToggle + *g;
    return bad("unknown must be a glyph 0..24");
  }
  for (const char* key : {"characteristic", "ask"})
    if (j.contains(key)) {
      int k = characteristic(j[key]);
      if (k < 0) return bad("unknown characteristic");
      return act::kCharacteristic + k;
    }
  for (const char* key : {"rotate", "target", "offer"})
    if (j.contains(key)) {
      if (auto s = int_field(key, 0, kSquares - 1)) return act::kSquare + *s;
      return bad("a field square is 0..24 (row-major)");
    }
  if (j.contains("glyph")) {
    auto g = int_field("glyph", 0, kGlyphs - 1);
    if (!g) return bad("a glyph is 0..24");
    bool negated = j.contains("negated") && j["negated"].is_boolean() && j["negated"].get<bool>();
    return (negated ? act::kNotGlyph : act::kGlyph) + *g;
  }
  if (j.contains("done")) return act::kDone;
  if (j.contains("send")) return act::kSend;
  if (j.contains("pass")) return act::kPass;
  if (j.contains("randomize")) return act::kRandomize;
  return bad("unknown First Contact action");
}

// ---------------------------------------------------------------- views

Json FirstContactState::view(Seat seat) const {
  const Catalog& cat = catalog();
  Json v;
  v["phase"] = phase_name(phase_);
  Json to = Json::array();
  for (int s = 0; s < players_; ++s)
    if (to_act().contains(s)) to.push_back(s);
  v["to_act"] = to;
  v["edition"] = edition_name(edition_);
  v["mode"] = advanced_ ? "advanced" : "standard";
  v["players"] = players_;
  v["negation"] = negation_rule();
  v["custom_symbols"] = custom_symbols_;
  v["round"] = round_;
  v["goal"] = goal();
  if (small_game()) v["timer"] = timer_;
  Json aliens = Json::array();
  for (int a = 0; a < aliens_; ++a)
    aliens.push_back({{"seat", alien_seat(a)}, {"colour", colour_name(a)}, {"items", items_of(a)}});
  v["aliens"] = aliens;
  Json earthlings_j = Json::array();
  for (int e = 0; e < earthlings(); ++e) {
    Json t;
    for (int c = 0; c < aliens_; ++c) t[colour_name(c)] = tokens_[e][c];
    earthlings_j.push_back({{"seat", earthling_seat(e)}, {"tokens", t}, {"total", tokens_of(e)}});
  }
  v["earthlings"] = earthlings_j;
  Json field = Json::array();
  for (int s = 0; s < laid_; ++s) {
    const Item& it = cat.items[static_cast<std::size_t>(item_at(s))];
    field.push_back(
        {{"square", s},
         {"item", it.id},
         {"covered_by", covered_by_[s] < 0 ? Json(nullptr) : Json(colour_name(covered_by_[s]))}});
  }
  v["field"] = field;
  Json zero = Json::array();
  for (int e = 0; e < earthlings(); ++e)
    if (zero_char_[e] >= 0)
      zero.push_back({{"seat", earthling_seat(e)},
                      {"characteristic", characteristic_json(zero_char_[e])},
                      {"glyph", zero_glyph_[e]}});
  v["zero_turn"] = zero;
  v["question"] = {{"seat", asker_ < 0 ? Json(nullptr) : Json(earthling_seat(asker_))},
                   {"rotated", squares_json(rotated_)},
                   {"answer", Json::array()}};
  for (auto g : answer_) v["question"]["answer"].push_back(g);
  Json msg = Json::array();
  for (auto g : message_) msg.push_back({{"glyph", g & 0x7f}, {"negated", (g & 0x80) != 0}});
  v["message"] = {{"seat", speaker_ < 0 ? Json(nullptr) : Json(alien_seat(speaker_))},
                  {"glyphs", msg}};
  Json offers = Json::array();
  for (int e = 0; e < earthlings(); ++e) {
    Json o = Json::array();
    for (int t = 0; t < 2; ++t)
      if (last_offer_[e][t] >= 0) o.push_back(last_offer_[e][t]);
    offers.push_back({{"seat", earthling_seat(e)}, {"squares", o}});
  }
  v["revealed_offers"] = offers;
  v["attempt"] = attempt_ + 1;
  Json decided = Json::array();
  for (int a = 0; a < aliens_; ++a)
    if (proposal_[a] >= 0) decided.push_back(alien_seat(a));
  for (int e = 0; e < earthlings(); ++e)
    if (offer_[e] >= 0) decided.push_back(earthling_seat(e));
  v["decided"] = decided;
  if (phase_ == Phase::kCustomSymbols) v["symbols_assigned"] = assigned_;

  if (is_alien(seat)) {
    Json pad = Json::array();
    const int known = pad_ == kPads ? assigned_ : (pad_ >= 0 ? kCharacteristics : 0);
    for (int k = 0; k < known; ++k)
      pad.push_back({{"characteristic", characteristic_json(k)}, {"glyph", glyph_of_[k]}});
    v["language_pad"] = {{"id", pad_ == kPads ? Json("custom") : Json(pad_)}, {"symbols", pad}};
    if (card_ >= 0) {
      v["request_card"] = {
          {"id", card_},
          {"side", (small_game() ? edition_ != Edition::kEn : advanced_) ? "B" : "A"},
          {"rotation", rotation_}};
      Json w;
      for (int a = 0; a < aliens_; ++a) w[colour_name(a)] = squares_json(wanted_[a]);
      v["wanted"] = w;
      v["black"] = squares_json(black_);
    }
    v["target"] = target_ < 0 ? Json(nullptr) : Json(target_);
    v["my_proposal"] = glyph_json(proposal_[seat]);
  }
  if (is_earthling(seat)) {
    const int e = seat - aliens_;
    Json cells = Json::array();
    for (int i = 0; i < kCharacteristics; ++i) {
      const int k = note_pad_order(e)[i];
      cells.push_back(
          {{"characteristic", characteristic_json(k)}, {"glyph", glyph_json(note_[e][k])}});
    }
    Json unknown = Json::array();
    for (int g = 0; g < kGlyphs; ++g)
      if (unknown_[e] & bit(g)) unknown.push_back(g);
    v["note_pad"] = {{"pad", e}, {"cells", cells}, {"unknown_symbols", unknown}};
    Json mine = Json::array();
    for (int k = 0; k < kCharacteristics; ++k)
      if (chosen_ever_[e] & bit(k)) mine.push_back(characteristic_json(k));
    v["my_characteristics"] = mine;
    v["my_characteristic"] = asker_ == e ? characteristic_json(chosen_) : Json(nullptr);
    v["my_offer"] = offer_[e] < 0 ? Json(nullptr) : Json(offer_[e]);
  }
  if (is_terminal()) v["result"] = result_details();
  return v;
}

// ---------------------------------------------------------------- state JSON

Json FirstContactState::to_json() const {
  Json sr = Json::array();
  for (const auto& r : small_rounds_) sr.push_back({r.offer[0], r.offer[1], r.offers, r.penalty});
  Json msg = Json::array();
  for (auto g : message_) msg.push_back(g);
  Json ans = Json::array();
  for (auto g : answer_) ans.push_back(g);
  return {{"players", players_},
          {"aliens", aliens_},
          {"edition", static_cast<int>(edition_)},
          {"advanced", advanced_},
          {"zero_turn", zero_turn_},
          {"negation", negation_},
          {"custom_symbols", custom_symbols_},
          {"phase", static_cast<int>(phase_)},
          {"round", round_},
          {"turn", turn_},
          {"field_card", field_card_},
          {"field_face", field_face_},
          {"laid", laid_},
          {"covered_by", covered_by_},
          {"pad", pad_},
          {"glyph_of", glyph_of_},
          {"assigned", assigned_},
          {"random_fill", random_fill_},
          {"card", card_},
          {"rotation", rotation_},
          {"zero_char", zero_char_},
          {"zero_glyph", zero_glyph_},
          {"chosen", chosen_},
          {"chosen_ever", chosen_ever_},
          {"rotated", rotated_},
          {"asker", asker_},
          {"proposal", proposal_},
          {"answer", ans},
          {"target", target_},
          {"message", msg},
          {"speaker", speaker_},
          {"offer", offer_},
          {"attempt", attempt_},
          {"last_offer", last_offer_},
          {"tokens", tokens_},
          {"alien_winner", alien_winner_},
          {"timer", timer_},
          {"timer_ran_out", timer_ran_out_},
          {"refused", refused_},
          {"small_rounds", sr},
          {"note", note_},
          {"unknown", unknown_}};
}

Expected<FirstContactState> FirstContactState::from_json(const Json& j) {
  auto corrupt = [](const std::string& what) {
    return make_error(errc::kCorruptState, "first-contact state: " + what);
  };
  try {
    FirstContactState s;
    auto in = [](long long v, long long lo, long long hi) { return v >= lo && v <= hi; };
    int players = j.at("players").get<int>(), aliens = j.at("aliens").get<int>();
    if (!in(players, 2, 7) || !in(aliens, 1, 3) || !in(players - aliens, 1, 4))
      return corrupt("players/aliens out of range");
    s.players_ = static_cast<std::uint8_t>(players);
    s.aliens_ = static_cast<std::uint8_t>(aliens);
    int ed = j.at("edition").get<int>();
    if (!in(ed, 0, 2)) return corrupt("edition");
    s.edition_ = static_cast<Edition>(ed);
    s.advanced_ = j.at("advanced").get<bool>();
    s.zero_turn_ = j.at("zero_turn").get<bool>();
    s.negation_ = j.at("negation").get<bool>();
    s.custom_symbols_ = j.at("custom_symbols").get<bool>();
    int ph = j.at("phase").get<int>();
    if (!in(ph, 0, static_cast<int>(Phase::kOver))) return corrupt("phase");
    s.phase_ = static_cast<Phase>(ph);
    s.round_ = j.at("round").get<std::uint16_t>();
    s.turn_ = j.at("turn").get<std::uint8_t>();
    const bool earthling_turn = s.phase_ >= Phase::kZeroTurn && s.phase_ <= Phase::kPropose;
    const bool alien_turn = s.phase_ >= Phase::kTarget && s.phase_ <= Phase::kSecondAttempt;
    if ((earthling_turn && s.turn_ >= players - aliens) || (alien_turn && s.turn_ >= aliens))
      return corrupt("turn");
    s.field_card_ = j.at("field_card").get<decltype(s.field_card_)>();
    s.field_face_ = j.at("field_face").get<decltype(s.field_face_)>();
    s.laid_ = j.at("laid").get<std::uint8_t>();
    if (s.laid_ > kSquares || (s.phase_ == Phase::kLayField) != (s.laid_ < kSquares))
      return corrupt("laid");
    const auto& deck = catalog().decks[static_cast<int>(s.edition_)];
    for (int q = 0; q < s.laid_; ++q) {
      if (s.field_card_[q] >= deck.size() || s.field_face_[q] >= deck[s.field_card_[q]].faces())
        return corrupt("field card");
      std::uint64_t& w = s.used_[s.field_card_[q] / 64];
      const std::uint64_t b = std::uint64_t{1} << (s.field_card_[q] % 64);
      if (w & b) return corrupt("a card lies twice on the field");
      w |= b;
    }
    s.covered_by_ = j.at("covered_by").get<decltype(s.covered_by_)>();
    for (auto c : s.covered_by_)
      if (!in(c, -1, aliens - 1)) return corrupt("covered_by");
    s.pad_ = j.at("pad").get<std::int8_t>();
    if (!in(s.pad_, -1, kPads)) return corrupt("pad");
    s.glyph_of_ = j.at("glyph_of").get<decltype(s.glyph_of_)>();
    for (auto g : s.glyph_of_)
      if (g >= kGlyphs) return corrupt("glyph_of");
    s.assigned_ = j.at("assigned").get<std::uint8_t>();
    if (s.assigned_ > kCharacteristics) return corrupt("assigned");
    s.random_fill_ = j.at("random_fill").get<bool>();
    if (s.phase_ == Phase::kCustomSymbols && s.assigned_ >= kCharacteristics)
      return corrupt("assigned");
    if (s.random_fill_ && s.phase_ != Phase::kCustomSymbols) return corrupt("random_fill");
    s.card_ = j.at("card").get<std::int8_t>();
    s.rotation_ = j.at("rotation").get<std::uint8_t>();
    if (!in(s.card_, -1, kRequestCards - 1) || s.rotation_ >= kRotations) return corrupt("card");
    if (s.card_ >= 0) s.compute_wanted();
    s.zero_char_ = j.at("zero_char").get<decltype(s.zero_char_)>();
    s.zero_glyph_ = j.at("zero_glyph").get<decltype(s.zero_glyph_)>();
    s.chosen_ = j.at("chosen").get<std::int8_t>();
    s.chosen_ever_ = j.at("chosen_ever").get<decltype(s.chosen_ever_)>();
    s.rotated_ = j.at("rotated").get<std::uint32_t>();
    s.asker_ = j.at("asker").get<std::int8_t>();
    s.proposal_ = j.at("proposal").get<decltype(s.proposal_)>();
    for (auto g : j.at("answer")) {
      if (s.answer_.full()) return corrupt("answer");
      s.answer_.push_back(g.get<std::uint8_t>());
    }
    s.target_ = j.at("target").get<std::int8_t>();
    for (auto g : j.at("message")) {
      if (s.message_.full()) return corrupt("message");
      s.message_.push_back(g.get<std::uint8_t>());
    }
    s.speaker_ = j.at("speaker").get<std::int8_t>();
    s.offer_ = j.at("offer").get<decltype(s.offer_)>();
    s.attempt_ = j.at("attempt").get<std::uint8_t>();
    s.last_offer_ = j.at("last_offer").get<decltype(s.last_offer_)>();
    s.tokens_ = j.at("tokens").get<decltype(s.tokens_)>();
    s.alien_winner_ = j.at("alien_winner").get<std::int8_t>();
    s.timer_ = j.at("timer").get<std::int8_t>();
    s.timer_ran_out_ = j.at("timer_ran_out").get<bool>();
    s.refused_ = j.at("refused").get<decltype(s.refused_)>();
    for (const auto& r : j.at("small_rounds")) {
      if (s.small_rounds_.full() || !r.is_array() || r.size() != 4) return corrupt("small_rounds");
      SmallRound x;
      x.offer = {r[0].get<std::int8_t>(), r[1].get<std::int8_t>()};
      x.offers = r[2].get<std::uint8_t>();
      x.penalty = r[3].get<std::int8_t>();
      if (x.offers > 2 || !in(x.offer[0], -1, 24) || !in(x.offer[1], -1, 24))
        return corrupt("small_rounds");
      s.small_rounds_.push_back(x);
    }
    s.note_ = j.at("note").get<decltype(s.note_)>();
    s.unknown_ = j.at("unknown").get<decltype(s.unknown_)>();
    // Ranges of everything used as an index.
    for (int e = 0; e < kMaxEarthlings; ++e) {
      if (!in(s.zero_char_[e], -1, 24) || !in(s.zero_glyph_[e], -1, 24) || !in(s.offer_[e], -1, 24))
        return corrupt("earthling fields");
      for (auto x : s.last_offer_[e])
        if (!in(x, -1, 24)) return corrupt("last_offer");
      for (auto x : s.note_[e])
        if (!in(x, -1, 24)) return corrupt("note");
      if ((s.chosen_ever_[e] | s.unknown_[e]) & ~kAllSquares) return corrupt("masks");
    }
    for (auto p : s.proposal_)
      if (!in(p, -1, 24)) return corrupt("proposal");
    for (auto g : s.answer_)
      if (g >= kGlyphs) return corrupt("answer");
    for (auto g : s.message_)
      if ((g & 0x7f) >= kGlyphs) return corrupt("message");
    if (!in(s.chosen_, -1, 24) || !in(s.target_, -1, 24) ||
        !in(s.asker_, -1, players - aliens - 1) || !in(s.speaker_, -1, aliens - 1) ||
        s.attempt_ > 1 || !in(s.alien_winner_, -1, aliens - 1) || !in(s.timer_, 0, 10) ||
        (s.rotated_ & ~kAllSquares))
      return corrupt("turn fields");
    if (s.phase_ >= Phase::kCustomSymbols && s.phase_ != Phase::kOver &&
        (s.card_ < 0 || s.pad_ < 0))
      return corrupt("setup incomplete for the phase");
    if (s.phase_ >= Phase::kMessage && s.phase_ <= Phase::kSecondAttempt && s.target_ < 0)
      return corrupt("no target");
    if (s.small_game() && s.phase_ >= Phase::kChoose && s.phase_ < Phase::kOver &&
        s.small_rounds_.empty())
      return corrupt("small game without round record");
    return s;
  } catch (const std::exception& e) {
    return corrupt(e.what());
  }
}

// ---------------------------------------------------------------- determinize

bool FirstContactState::card_consistent(int card, int rotation,
                                        std::array<std::uint32_t, kMaxAliens>& wanted,
                                        std::uint32_t& black) const {
  wanted_for(card, rotation, players_, aliens_, edition_, advanced_, wanted, black);
  for (int s = 0; s < kSquares; ++s)
    if (covered_by_[s] >= 0 && !(wanted[covered_by_[s]] & bit(s))) return false;
  for (int a = 0; a < aliens_; ++a)
    if (refused_[a] & wanted[a]) return false;
  for (const auto& r : small_rounds_) {
    if (r.penalty < 0) continue;
    int blacks = 0;
    for (int i = 0; i < r.offers; ++i)
      if (black & bit(r.offer[i])) ++blacks;
    const int extra = edition_ == Edition::kEn ? (blacks > 0 ? 1 : 0) : blacks;
    if (extra != r.penalty) return false;
  }
  return true;
}

FirstContactState FirstContactState::determinize(Seat seat, Rng& rng) const {
  if (is_terminal()) return *this;  // everything is shown at the end
  FirstContactState d = *this;
  const bool alien = is_alien(seat);
  // Pending proposals are secret from everyone but their author.
  for (int a = 0; a < aliens_; ++a)
    if (a != seat && proposal_[a] >= 0)
      d.proposal_[a] = static_cast<std::int8_t>(rng.below(kGlyphs));
  // Other earthlings' note pads, past choices and pending offers.
  const std::uint32_t open = uncovered();
  for (int e = 0; e < earthlings(); ++e) {
    if (earthling_seat(e) == seat) continue;
    d.note_[e].fill(-1);
    d.unknown_[e] = 0;
    d.chosen_ever_[e] = 0;
    if (offer_[e] >= 0) {
      int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(count_bits(open))));
      for (int s = 0; s < kSquares; ++s)
        if ((open & bit(s)) && pick-- == 0) d.offer_[e] = static_cast<std::int8_t>(s);
    }
  }
  if (asker_ >= 0 && earthling_seat(asker_) != seat) {
    if (chosen_ >= 0) d.chosen_ = static_cast<std::int8_t>(rng.below(kCharacteristics));
    // The asker's earlier choices were re-sampled away; keep the current one.
    if (d.chosen_ >= 0) d.chosen_ever_[asker_] = bit(d.chosen_);
  }
  if (alien) return d;

  // Earthlings and spectators: the language pad must agree with the glyphs the
  // engine revealed in the zero turn.
  if (pad_ >= 0 && pad_ < kPads) {
    int candidates[kPads];
    int n = 0;
    for (int p = 0; p < kPads; ++p) {
      bool ok = true;
      for (int e = 0; e < kMaxEarthlings && ok; ++e)
        if (zero_char_[e] >= 0 && catalog().pads[p][zero_char_[e]] != zero_glyph_[e]) ok = false;
      if (ok) candidates[n++] = p;
    }
    if (n > 0) {
      d.pad_ = static_cast<std::int8_t>(candidates[rng.below(static_cast<std::uint32_t>(n))]);
      d.glyph_of_ = catalog().pads[static_cast<std::size_t>(d.pad_)];
    }
  } else if (pad_ == kPads) {
    // A custom pad: keep the revealed pairs, shuffle every other assignment.
    std::array<std::int8_t, kCharacteristics> fixed;
    fixed.fill(-1);
    std::uint32_t taken = 0;
    for (int e = 0; e < kMaxEarthlings; ++e)
      if (zero_char_[e] >= 0) {
        fixed[zero_char_[e]] = zero_glyph_[e];
        taken |= bit(zero_glyph_[e]);
      }
    for (int k = 0; k < assigned_; ++k) {
      if (fixed[k] >= 0) {
        d.glyph_of_[k] = static_cast<std::uint8_t>(fixed[k]);
        continue;
      }
      const std::uint32_t free = ~taken & kAllSquares;
      int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(count_bits(free))));
      for (int g = 0; g < kGlyphs; ++g)
        if ((free & bit(g)) && pick-- == 0) {
          d.glyph_of_[k] = static_cast<std::uint8_t>(g);
          taken |= bit(g);
          break;
        }
    }
  }
  // The request card: rejection over the 12 x 4 placements, keeping those that
  // explain every covering, every refused offer and every timer penalty.
  if (card_ >= 0) {
    int options[kRequestCards * kRotations];
    int n = 0;
    std::array<std::uint32_t, kMaxAliens> w{};
    std::uint32_t b = 0;
    for (int c = 0; c < kRequestCards * kRotations; ++c)
      if (card_consistent(c / kRotations, c % kRotations, w, b)) options[n++] = c;
    if (n > 0) {
      const int c = options[rng.below(static_cast<std::uint32_t>(n))];
      d.card_ = static_cast<std::int8_t>(c / kRotations);
      d.rotation_ = static_cast<std::uint8_t>(c % kRotations);
      d.compute_wanted();
    }
  }
  if (target_ >= 0 && d.card_ >= 0) {
    std::uint32_t options = d.wanted_[turn_] & open;
    if (options == 0) options = d.wanted_[turn_];
    if (options != 0) {
      int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(count_bits(options))));
      for (int s = 0; s < kSquares; ++s)
        if ((options & bit(s)) && pick-- == 0) d.target_ = static_cast<std::int8_t>(s);
    }
  }
  return d;
}

// ---------------------------------------------------------------- result

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

}  // namespace

GameResult FirstContactState::result() const {
  GameResult r;
  r.players = players_;
  r.winners = winners_of(*this);
  for (int a = 0; a < aliens_; ++a) r.score[alien_seat(a)] = items_of(a);
  for (int e = 0; e < earthlings(); ++e) r.score[earthling_seat(e)] = tokens_of(e);
  for (int s = 0; s < players_; ++s) r.rank[s] = r.winners.contains(s) ? 1 : 2;
  return r;
}

Json FirstContactState::result_details() const {
  static const char* kVerdicts[] = {
      "no understanding: the two species might as well live in different galaxies",
      "some understanding, but talking is not where these species shine",
      "close: they mostly understood each other, with a few bad slips",
      "perfect understanding: every wanted item was handed over"};
  const SeatSet w = winners_of(*this);
  Json d;
  Json aliens = Json::array();
  for (int a = 0; a < aliens_; ++a)
    aliens.push_back({{"seat", alien_seat(a)},
                      {"colour", colour_name(a)},
                      {"items", items_of(a)},
                      {"winner", w.contains(alien_seat(a))}});
  Json earthlings_j = Json::array();
  for (int e = 0; e < earthlings(); ++e) {
    Json tokens;
    for (int c = 0; c < aliens_; ++c) tokens[colour_name(c)] = tokens_[e][c];
    Json pad = Json::array();
    for (int k = 0; k < kCharacteristics; ++k) {
      if (note_[e][k] < 0) continue;
      pad.push_back({{"characteristic", characteristic_json(k)},
                     {"glyph", note_[e][k]},
                     {"correct", pad_ >= 0 && note_[e][k] == glyph_of_[k]}});
    }
    Json chosen = Json::array();
    for (int k = 0; k < kCharacteristics; ++k)
      if (chosen_ever_[e] & bit(k)) chosen.push_back(characteristic_json(k));
    earthlings_j.push_back({{"seat", earthling_seat(e)},
                            {"tokens", tokens},
                            {"total", tokens_of(e)},
                            {"pad_score", pad_score(e)},
                            {"note_pad", pad},
                            {"secret_characteristics", chosen},
                            {"winner", w.contains(earthling_seat(e))}});
  }
  d["teams"] = {{"aliens", aliens}, {"earthlings", earthlings_j}};
  d["alien_winner"] = alien_winner_ < 0 ? Json(nullptr) : Json(alien_seat(alien_winner_));
  Json ew = Json::array();
  for (int e = 0; e < earthlings(); ++e)
    if (w.contains(earthling_seat(e))) ew.push_back(earthling_seat(e));
  d["earthling_winners"] = ew;
  d["earthling_tie_break"] = edition_ == Edition::kEn ? "shared" : "note_pad_then_shared";
  d["rounds"] = round_;  // rounds begun, the last one included (0: ended in setup)
  if (pad_ >= 0) {
    Json pad = Json::array();
    for (int k = 0; k < kCharacteristics; ++k)
      pad.push_back({{"characteristic", characteristic_json(k)}, {"glyph", glyph_of_[k]}});
    d["language_pad"] = pad;
  }
  if (card_ >= 0) d["request_card"] = {{"id", card_}, {"rotation", rotation_}};
  if (small_game()) {
    d["timer_ran_out"] = timer_ran_out_;
    if (edition_ != Edition::kEn) {
      d["verdict"] = verdict();
      d["verdict_text"] = kVerdicts[verdict()];
    }
  }
  return d;
}

// ---------------------------------------------------------------- game

ParamSchema FirstContact::params_schema() {
  return {
      {"edition",
       ParamType::kEnum,
       "it",
       {"it", "en", "ko"},
       "rulebook followed: Italian, English or Korean edition"},
      {"mode",
       ParamType::kEnum,
       "standard",
       {"standard", "advanced"},
       "standard (side A, 3 items) or advanced/hard (side B, 5 items); en has standard only"},
      {"zero_turn",
       ParamType::kEnum,
       "edition",
       {"edition", "on", "off"},
       "zero turn: 'edition' = always in en, not in it/ko; en refuses 'off'"},
      {"negation",
       ParamType::kBool,
       true,
       {},
       "negation rule (bar over a glyph); en has no negation"},
      {"custom_symbols",
       ParamType::kBool,
       false,
       {},
       "ko only: the aliens assign the glyphs themselves"},
      {"aliens", ParamType::kInt, 0, {0, 3}, "number of aliens, 0 = automatic"},
  };
}

std::vector<Json> FirstContact::param_variants() {
  return {Json::object(),
          {{"edition", "en"}},
          {{"edition", "ko"}},
          {{"mode", "advanced"}, {"zero_turn", "on"}},
          {{"edition", "ko"}, {"custom_symbols", true}, {"zero_turn", "on"}, {"mode", "advanced"}},
          {{"negation", false}, {"aliens", 3}}};
}

Expected<FirstContactState> FirstContact::new_game(const Json& params, int players) {
  if (players < kMinPlayers || players > kMaxPlayers)
    return make_error(errc::kBadPlayers, "First Contact is for 2 to 7 players");
  auto get = [&](const char* key, const Json& dflt) {
    return params.contains(key) ? params[key] : dflt;
  };
  FirstContactState::Options o;
  const std::string ed = get("edition", "it").get<std::string>();
  o.edition = ed == "en" ? Edition::kEn : ed == "ko" ? Edition::kKo : Edition::kIt;
  o.advanced = get("mode", "standard").get<std::string>() == "advanced";
  const std::string zero = get("zero_turn", "edition").get<std::string>();
  o.negation = get("negation", true).get<bool>();
  o.custom_symbols = get("custom_symbols", false).get<bool>();
  const int aliens = get("aliens", 0).get<int>();
  if (o.edition == Edition::kEn && o.advanced)
    return make_error(errc::kBadParam, "the en edition has the standard mode only");
  if (o.edition == Edition::kEn && zero == "off")
    return make_error(errc::kBadParam, "the en edition always plays the zero turn");
  if (o.custom_symbols && o.edition != Edition::kKo)
    return make_error(errc::kBadParam, "custom symbols exist in the ko edition only");
  o.zero_turn = zero == "on" || (zero == "edition" && o.edition == Edition::kEn);
  if (players <= 3) {
    if (aliens > 1)
      return make_error(errc::kBadParam, "with 2 or 3 players there is exactly one alien");
    o.aliens = 1;
  } else {
    // Automatic split: 4 -> 1+3, 5 -> 2+3, 6 -> 2+4, 7 -> 3+4.
    static const int kAuto[8] = {0, 0, 0, 0, 1, 2, 2, 3};
    o.aliens = aliens == 0 ? kAuto[players] : aliens;
    if (players - o.aliens < 1 || players - o.aliens > kMaxEarthlings)
      return make_error(errc::kBadParam, "there must be 1 to 3 aliens and 1 to 4 earthlings");
  }
  return FirstContactState(players, o);
}

}  // namespace meeple::first_contact
