// First Contact in its three editions (the Italian, English and Korean
// rulebooks; rulings 1 in docs/rules/rulings.md; rules summary in
// docs/rules/first-contact.md).
//
// Seats: the first A seats are the aliens, red, blue and green in that order
// (A = 1..3, the `aliens` option); the remaining seats are the earthlings in
// turn order, the first of them being the fixed first earthling.
//
// A round is the earthling phase (each earthling: secret characteristic,
// rotate 1-5 field cards, simultaneous secret glyph proposals by the aliens,
// answer shown to all) and the alien phase (each alien: secret target, a
// message of 1-6 glyphs, simultaneous secret offers by the earthlings,
// resolution). Note-pad edits are free actions of an earthling at any time
// outside chance; they never appear in to_act().
//
// The rules are split into one source file per section of
// docs/rules/first-contact.md, and each section names its file and tests:
// setup, round (the per-phase dispatch), zero_turn, questions, messages,
// offers, note_pads, end, two_three_players, options, custom_symbols, chat;
// plus json, view (view and determinize), text and result. Helpers shared by
// those files are in internal.h.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/i18n.h"
#include "core/json_writer.h"
#include "core/observation.h"
#include "games/first_contact/catalog.h"
#include "games/first_contact/chat.h"

namespace meeple::first_contact {

inline constexpr int kMaxAliens = 3;
inline constexpr int kMaxEarthlings = 4;
inline constexpr int kMaxMessage = 6;
inline constexpr int kMaxRotated = 5;
// 2-3 players last at most 10 rounds (9 or 10 timer tokens, one per round).
inline constexpr int kMaxSmallRounds = 11;

// Dense action encoding. Seat actions:
namespace act {
inline constexpr Action kCharacteristic = 0;   // +k: name / secretly choose characteristic k
inline constexpr Action kSquare = 25;          // +s: rotate / target / offer field square s
inline constexpr Action kDone = 50;            // stop rotating (after at least one card)
inline constexpr Action kGlyph = 51;           // +g: propose / write / assign glyph g
inline constexpr Action kNotGlyph = 76;        // +g: write glyph g negated (negation rule)
inline constexpr Action kSend = 101;           // the message is complete
inline constexpr Action kPass = 102;           // decline the optional second attempt
inline constexpr Action kRandomize = 103;      // custom symbols: let chance assign the rest
inline constexpr Action kNoteWrite = 104;      // +cell*25+g: note pad cell `cell` := glyph g
inline constexpr Action kNoteClear = 729;      // +cell: empty note pad cell `cell`
inline constexpr Action kUnknownToggle = 754;  // +g: add/remove g in the "unknown symbols" area
inline constexpr Action kCount = 779;
}  // namespace act
// Chance actions: field square: card*2 + face; language pad: pad index;
// request card: card*4 + rotation; random custom symbol: glyph.

enum class Phase : std::uint8_t {
  kLayField,       // chance: the next field square's card and face
  kDrawPad,        // chance: the language pad
  kDrawRequest,    // chance: the request card and its rotation
  kCustomSymbols,  // ko custom symbols: the first alien assigns glyphs in characteristic order
  kZeroTurn,       // each earthling in order names a characteristic
  kChoose,         // the current earthling secretly picks a characteristic
  kRotate,         // ... and rotates 1-5 field cards
  kPropose,        // every alien secretly proposes a glyph
  kTarget,         // the current alien secretly picks its target square
  kMessage,        // ... and writes its message
  kOffer,          // every earthling secretly offers a square
  kSecondAttempt,  // 2 players: the earthling may offer once more
  kOver,
};

// What an earthling has learned about the request card from one round of a
// 2-3 player game: the squares offered that round and the timer penalty it
// caused (needed to keep determinizations consistent with black offers).
struct SmallRound {
  std::array<std::int8_t, 2> offer{-1, -1};
  std::uint8_t offers = 0;
  std::int8_t penalty = -1;  // -1 while the round is running
  bool operator==(const SmallRound&) const = default;
};

// The observation tensor's blocks (observation.cpp; docs/state-and-views.md)
// and the largest values its counts are divided by.
inline constexpr int kObsSeats = 7;
inline constexpr int kObsPhases = 13;
inline constexpr int kObsMaxRounds = 30;
inline constexpr int kObsMaxTimer = 10;
inline constexpr int kObsHeader = kObsSeats + 4 + kObsPhases + 2 + 2 * kObsSeats + 3 + 6;
inline constexpr int kObsEarthling = 1 + kMaxAliens + 1;
inline constexpr int kObsSquare = 1 + kCharacteristics + kMaxAliens;
inline constexpr int kObsGlyph = 1 + kGlyphs + 1;
inline constexpr int kObsRoundMessage =
    2 + kMaxMessage * kObsGlyph + 2 * kMaxEarthlings * (kSquares + 1);
inline constexpr int kObsRoundQuestion = 1 + kSquares + kGlyphs + kMaxAliens * kGlyphs;

class FirstContactState {
 public:
  struct Options {
    Edition edition = Edition::kIt;
    bool advanced = false;
    bool zero_turn = false;
    bool negation = true;
    bool custom_symbols = false;
    int aliens = 1;
  };

  FirstContactState() = default;
  FirstContactState(int players, const Options& o);

  int num_players() const { return players_; }
  int num_distinct_actions() const { return act::kCount; }
  bool is_terminal() const { return phase_ == Phase::kOver; }
  bool is_chance() const;
  SeatSet to_act() const;
  void legal_actions(Seat seat, ActionList& out) const;
  // The seat's decisions without the free note-pad edits (which encode above
  // every decision): what search explores and terminal play numbers. Notes
  // stay playable through their JSON form. Equal to legal_actions() without
  // its trailing actions >= act::kNoteWrite, but never lists the ~340 note
  // edits only to drop them (that was most of a random playout's time).
  void search_actions(Seat seat, ActionList& out) const;
  void chance_outcomes(ChanceList& out) const;
  MaybeError apply(Seat seat, Action a);
  void apply_unchecked(Seat seat, Action a);
  Json action_to_json(Seat seat, Action a) const;
  Expected<Action> action_from_json(Seat seat, const Json& j) const;
  // What `seat` may know, written as JSON text directly (the server writes
  // it for every observer after every action); view() parses it. Keys in
  // ascending order, as Json::dump() writes them.
  void write_view(Seat seat, JsonWriter& w) const;
  Json view(Seat seat) const;
  Json to_json() const;
  static Expected<FirstContactState> from_json(const Json& j);
  // The observation tensor (core/observation.h): what view(seat) shows, the
  // same size for every player count, edition and option.
  static constexpr int kObservationSize =
      kObsHeader + 2 * kMaxAliens + kMaxEarthlings * kObsEarthling + kSquares * kObsSquare +
      kCharacteristics * kGlyphs + kMaxMessage * kObsGlyph + kMaxAliens + 2 * kCharacteristics +
      kSquares + kGlyphs + kCharacteristics * kGlyphs + kGlyphs + kGlyphs + kSquares +
      kMaxEarthlings + kSquares + kMaxAliens * kSquares + 2 * kMaxEarthlings * kSquares + kSquares +
      kMaxAliens * kObsRoundMessage + kMaxEarthlings * kObsRoundQuestion +
      kMaxEarthlings * (1 + kCharacteristics + kGlyphs);
  void observation(Seat seat, std::span<float> out) const;
  FirstContactState determinize(Seat seat, Rng& rng) const;
  // Naming a characteristic in the zero turn shows its glyph; the last
  // secret proposal or offer shows them all (and an offer tells whether the
  // alien wanted the square): taking back a move stops there.
  bool reveals(Seat seat, Action a) const;
  GameResult result() const;
  Json result_details() const;
  // Terminal play (games/first_contact/text_board.cpp): the board as `seat` sees it
  // (rendered from view(seat) only) and one of its actions in words.
  // `level`: the detail, as core/game.h's kTextDetail*: marked puts the field, the round
  // so far, the pads and the prompt after the mark (the status, the goal and
  // the scores before it) and leaves the typed note form to `help`; compact
  // writes a pad's cells with the glyph's number alone and a question in one
  // short line.
  std::string text_view(Seat seat, std::string_view lang, int level = kTextDetailFull) const;
  std::string describe_action(Seat seat, Action a, std::string_view lang) const;
  bool operator==(const FirstContactState&) const = default;

  // Read access for tests, bots and the docs' examples.
  Phase phase() const { return phase_; }
  int aliens() const { return aliens_; }
  int earthlings() const { return players_ - aliens_; }
  Seat alien_seat(int colour) const { return colour; }
  Seat earthling_seat(int e) const { return aliens_ + e; }
  bool is_alien(Seat s) const { return s >= 0 && s < aliens_; }
  bool is_earthling(Seat s) const { return s >= aliens_ && s < players_; }
  bool small_game() const { return players_ <= 3; }
  Edition edition() const { return edition_; }
  int goal() const;
  int items_of(int alien) const;
  int tokens_of(int earthling) const;
  int token_of(int earthling, int colour) const { return tokens_[earthling][colour]; }
  int item_at(int square) const;  // the item index shown on the square
  int covered_by(int square) const { return covered_by_[square]; }
  int glyph_of(int characteristic) const { return glyph_of_[characteristic]; }
  int pad_index() const { return pad_; }
  int request_card() const { return card_; }
  int rotation() const { return rotation_; }
  std::uint32_t wanted(int alien) const { return wanted_[alien]; }
  std::uint32_t black() const { return black_; }
  int target() const { return target_; }
  int timer() const { return timer_; }
  int round() const { return round_; }
  int note(int earthling, int characteristic) const { return note_[earthling][characteristic]; }
  std::uint32_t unknown_area(int earthling) const { return unknown_[earthling]; }
  int pad_score(int earthling) const;
  const InlineVec<std::uint8_t, kMaxAliens>& answer() const { return answer_; }
  std::uint32_t rotated() const { return rotated_; }
  int current() const { return turn_; }
  int alien_winner() const { return alien_winner_; }
  int revealed_offer(int earthling, int attempt) const { return last_offer_[earthling][attempt]; }
  // Public: the earthling who asked the last question (-1 none yet); the
  // characteristic and glyph of each earthling's zero-turn question (-1 none).
  int asker() const { return asker_; }
  int zero_turn_characteristic(int earthling) const { return zero_char_[earthling]; }
  int zero_turn_glyph(int earthling) const { return zero_glyph_[earthling]; }
  // The current asker's secret characteristic (-1 outside its question);
  // re-drawn at random in a determinization for anyone else.
  int chosen() const { return chosen_; }
  // Public: the last message (glyph | 0x80 when negated) and the colour of
  // the alien who wrote it (-1 none yet); both stay until the next target.
  const InlineVec<std::uint8_t, kMaxMessage>& message() const { return message_; }
  int speaker() const { return speaker_; }
  bool negation_rule() const { return negation_ && edition_ != Edition::kEn; }
  // 2-3 players, it/ko: 0 (items 0-3) .. 3 (all 8 items).
  int verdict() const;
  // The current round's public history (rulings 1.4): earthling e's question
  // (rotated squares, 0 before it asked), alien a's message once sent (else
  // empty) and the square earthling e offered for it in an attempt (-1 none).
  std::uint32_t round_rotated(int e) const { return round_rotated_[e]; }
  const InlineVec<std::uint8_t, kMaxMessage>& round_message(int alien) const {
    return round_message_[alien];
  }
  int round_offer(int alien, int e, int attempt) const { return round_offer_[alien][e][attempt]; }
  // The colour people see for an alien: its own in 4-7 player games; in 2-3
  // player games the colour of the tokens it covers items with (green), and
  // the colour of the tokens it rewards earthlings with (it/ko blue, en
  // green; the rulebooks' 2-3 player setups).
  int alien_colour(int alien) const { return small_game() ? 2 : alien; }
  int reward_colour(int alien) const {
    return !small_game() ? alien : (edition_ == Edition::kEn ? 2 : 1);
  }
  // Terminal play and the table (text.cpp, events.cpp): the board as `seat`
  // sees it, one of its actions in words, and what `observer` sees of
  // `actor` taking `a` (asked before it is applied; rulings 1.4: every public
  // event, nothing the observer may not see).
  std::string describe_event(Seat observer, Seat actor, Action a, std::string_view lang) const;
  // The end of the game in words (who won, the verdict), for text_view at
  // the end and the last event; "" while the game runs.
  std::string end_text(std::string_view lang) const;

 private:
  // Parts of write_view (view.cpp), each a field of the view.
  void write_aliens_view(JsonWriter& w) const;
  void write_decided_view(JsonWriter& w) const;
  void write_earthlings_view(JsonWriter& w) const;
  void write_field_view(JsonWriter& w) const;
  void write_language_pad_view(JsonWriter& w) const;
  void write_my_choices_view(int e_seat, JsonWriter& w) const;
  void write_note_pad_view(int e_seat, JsonWriter& w) const;
  void write_revealed_offers_view(JsonWriter& w) const;
  void write_wanted_view(JsonWriter& w) const;
  void write_zero_turn_view(JsonWriter& w) const;
  // Parts of observation (observation.cpp).
  void observe_header(Seat seat, ObservationWriter& w) const;
  void observe_round(bool alien, ObservationWriter& w) const;
  // text_board.cpp: text_view's parts, each a part of the board from the top down.
  struct TextBoard;
  void text_status(TextBoard& b) const;
  void text_zero_turn(TextBoard& b) const;
  void text_field(TextBoard& b) const;
  void text_round(TextBoard& b) const;
  void text_language_pad(TextBoard& b) const;
  void text_alien_secrets(TextBoard& b) const;
  void text_note_pad(TextBoard& b) const;
  void text_prompt(TextBoard& b) const;

  // The rules live in one file per section of docs/rules/first-contact.md;
  // each group below is one file's part of the state's behaviour.

  // round.cpp: the dispatch to the phases and the order of turns and rounds.
  // The seat's decisions now (empty unless it is in to_act()), sorted, all
  // below act::kNoteWrite: search_actions() for a valid seat of a running game.
  void decision_actions(Seat seat, ActionList& out) const;
  void start_round();
  void next_earthling_turn();
  void start_alien_turn();
  void end_alien_turn();
  void end_round();

  // setup.cpp: the field, the language pad and the request card (chance).
  void lay_field_outcomes(ChanceList& out) const;
  void apply_lay_field(Action a);
  void apply_draw_pad(Action a);
  void apply_draw_request(Action a);
  void compute_wanted();
  void after_setup();

  // custom_symbols.cpp (ko): the first alien assigns the glyphs, or chance.
  std::uint32_t unassigned_glyphs() const;
  void custom_symbols_actions(ActionList& out) const;
  void custom_symbols_outcomes(ChanceList& out) const;
  void apply_custom_symbol(Action a);
  void apply_random_symbol(Action a);
  void finish_custom_symbols();

  // zero_turn.cpp.
  void zero_turn_actions(ActionList& out) const;
  void apply_zero_turn(Action a);

  // questions.cpp: the earthling phase.
  void choose_actions(ActionList& out) const;
  void rotate_actions(ActionList& out) const;
  void propose_actions(ActionList& out) const;
  void apply_choose(Action a);
  void apply_rotate(Action a);
  void apply_propose(Seat seat, Action a);
  void reveal_answer();

  // messages.cpp: the alien's target and message.
  void target_actions(ActionList& out) const;
  void message_actions(ActionList& out) const;
  void apply_target(Action a);
  void apply_message(Action a);

  // offers.cpp: the earthlings' offers and their resolution.
  // Squares no alien has covered yet (inline in internal.h).
  std::uint32_t uncovered() const;
  void offer_actions(ActionList& out) const;
  void apply_offer(Seat seat, Action a);
  void resolve_offers();

  // two_three_players.cpp: the second attempt and the timer.
  void second_attempt_actions(ActionList& out) const;
  void apply_second_attempt(Action a);
  // Pays the finished round's timer tokens; false when they ran out (over).
  bool pay_timer();

  // note_pads.cpp: the free note-pad edits.
  bool earthlings_may_edit() const;
  void note_pad_actions(Seat seat, ActionList& out) const;
  void apply_note_pad(Seat seat, Action a);

  // view.cpp: whether a request card placement explains what was observed.
  bool card_consistent(int card, int rotation, std::array<std::uint32_t, kMaxAliens>& wanted,
                       std::uint32_t& black) const;

  // view.cpp: the current round's public history, written as JSON.
  void write_round_history(JsonWriter& w, bool alien) const;

  // json.cpp: the JSON key of a square action in the current phase.
  const char* square_key() const;
  // json.cpp: why play cannot reach this state (an invariant it keeps is
  // broken), or nullptr; from_json refuses such states.
  const char* unreachable() const;

  // Options.
  std::uint8_t players_ = 2;
  std::uint8_t aliens_ = 1;
  Edition edition_ = Edition::kIt;
  bool advanced_ = false;
  bool zero_turn_ = false;
  bool negation_ = true;
  bool custom_symbols_ = false;

  Phase phase_ = Phase::kLayField;
  std::uint16_t round_ = 0;
  std::uint8_t turn_ = 0;  // earthling index (earthling phase, zero turn) or alien colour

  // Field: card and face on each square, the cards used, covering.
  std::array<std::uint8_t, kSquares> field_card_{};
  std::array<std::uint8_t, kSquares> field_face_{};
  std::uint8_t laid_ = 0;
  std::array<std::uint64_t, 3> used_{};             // deck cards on the field (bitset)
  std::array<std::int8_t, kSquares> covered_by_{};  // -1 or the alien colour

  // Aliens' secrets: the language pad and the request card.
  std::int8_t pad_ = -1;  // < printed_pads(edition_), kPads for the custom pad, -1 not yet drawn
  std::array<std::uint8_t, kCharacteristics> glyph_of_{};
  std::uint8_t assigned_ = 0;  // custom symbols assigned so far
  bool random_fill_ = false;
  std::int8_t card_ = -1;
  std::uint8_t rotation_ = 0;
  std::array<std::uint32_t, kMaxAliens> wanted_{};  // derived from the card
  std::uint32_t black_ = 0;

  // Zero turn: what each earthling asked and the glyph the engine showed.
  std::array<std::int8_t, kMaxEarthlings> zero_char_{};
  std::array<std::int8_t, kMaxEarthlings> zero_glyph_{};

  // Earthling turn.
  std::int8_t chosen_ = -1;  // the current earthling's secret characteristic
  std::array<std::uint32_t, kMaxEarthlings> chosen_ever_{};  // all its choices (shown at the end)
  std::uint32_t rotated_ = 0;  // rotated squares of the current / last question
  std::int8_t asker_ = -1;     // earthling index of the last question
  std::array<std::int8_t, kMaxAliens> proposal_{};  // -1 pending
  InlineVec<std::uint8_t, kMaxAliens> answer_;      // last answer, distinct glyphs

  // Alien turn.
  std::int8_t target_ = -1;
  InlineVec<std::uint8_t, kMaxMessage> message_;     // glyph | 0x80 when negated
  std::int8_t speaker_ = -1;                         // alien colour of the message
  std::array<std::int8_t, kMaxEarthlings> offer_{};  // pending, -1 none
  std::uint8_t attempt_ = 0;
  std::array<std::array<std::int8_t, 2>, kMaxEarthlings> last_offer_{};  // revealed, -1 none

  // Scores.
  std::array<std::array<std::uint8_t, kMaxAliens>, kMaxEarthlings> tokens_{};
  std::int8_t alien_winner_ = -1;
  std::int8_t timer_ = 0;
  bool timer_ran_out_ = false;

  // What earthlings can infer about the request card.
  std::array<std::uint32_t, kMaxAliens> refused_{};  // offered in that alien's turn, not covered
  InlineVec<SmallRound, kMaxSmallRounds> small_rounds_;

  // The current round's public history (rulings 1.4), reset when a round
  // begins (earlier rounds are told by describe_event and kept by the
  // table): each earthling's question (its rotated squares, 0 before it
  // rotated; the aliens' proposals once revealed, -1 before), each alien's
  // sent message, and the offers made for it (per earthling and attempt, -1
  // none). Written once per question, message and offer, so search pays a
  // few stores per round for it.
  std::array<std::uint32_t, kMaxEarthlings> round_rotated_{};
  std::array<std::array<std::int8_t, kMaxAliens>, kMaxEarthlings> round_proposals_{};
  std::array<InlineVec<std::uint8_t, kMaxMessage>, kMaxAliens> round_message_{};
  std::array<std::array<std::array<std::int8_t, 2>, kMaxEarthlings>, kMaxAliens> round_offer_{};

  // Note pads (private to each earthling).
  std::array<std::array<std::int8_t, kCharacteristics>, kMaxEarthlings> note_{};
  std::array<std::uint32_t, kMaxEarthlings> unknown_{};

  friend struct TestAccess;
};

struct FirstContact {
  using State = FirstContactState;
  static constexpr const char* kName = "first-contact";
  static constexpr const char* kTitle = "First Contact";
  static constexpr int kMinPlayers = 2;
  // `meeple bench` measures 4 and 5 players (one and two aliens) and the
  // two-player variant.
  static constexpr std::array<int, 3> kBenchPlayers = {4, 5, 2};
  // The table-talk rule: check_chat_message (chat.h).
  static MaybeError check_chat(std::string_view text) { return check_chat_message(text); }
  // Every text of the game in en/it/ko (data/messages.json; words.h).
  static const meeple::Catalog& messages();
  // The guided first game (data/guide.json, room/guide.h).
  static std::string_view guide();
  static constexpr int kMaxPlayers = 7;
  static ParamSchema params_schema();
  static std::vector<Json> param_variants();
  static Expected<State> new_game(const Json& params, int players);
  static Expected<State> state_from_json(const Json& j) { return State::from_json(j); }
};

}  // namespace meeple::first_contact
