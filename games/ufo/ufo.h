// Ufo! fritti dallo spazio! (Petra Brandenburger, Argentum 2004), 2 to 5
// players. Rules: the Italian Ufo! rulebook and rulings 3 in
// docs/rules/rulings.md; the project's own map is games/ufo/data/map.json.
// docs/rules/ufo.md explains the game.
//
// A turn is split into small decisions so that every legal-action list stays
// short:
//  - movement: "move UFO u along its k-th line" one step at a time, or "end
//    movement" (kPass);
//  - bumping: the active player picks an attacking UFO and a defending player
//    in a contested space; each third player's UFO in range is asked in turn
//    (to_act = its owner) to support nobody, the attacker or the defender; two
//    chance d6 (attacker then defender, both again on a tie); the winner moves
//    the losing UFOs one step at a time (same "move" encoding) and, when the
//    loser's eyewitness supply is empty, picks the city a token comes from
//    or leaves them (kPass);
//  - actions: "UFO u does <kind>" or "end actions"; a control roll first
//    gathers assisting UFOs ("assist with v" / "roll") then a chance d12;
//  - end of turn: after a turn that gained control of a city and does not
//    end the game, take a new UFO (type and city) or decline.
// No information is hidden: view() is the same for every seat.
//
// The code follows the sections of docs/rules/ufo.md, one file each: board.h
// and board.cpp (The board), setup.cpp (Setup), turn.cpp (A turn: the phases
// in order, the dispatch of legal_actions and apply to one function per
// phase), movement.cpp, bump.cpp, actions.cpp, city_count.cpp, score.cpp (End
// and score); then json.cpp, view.cpp, text.cpp and result.cpp. Helpers that
// several of them share are in internal.h.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/i18n.h"
#include "core/json_writer.h"
#include "core/observation.h"
#include "games/ufo/board.h"

namespace meeple::ufo {

enum class UfoType : std::uint8_t { kStandard = 0, kBumper = 1, kSedator = 2 };
inline constexpr int kNumUfoTypes = 3;

// What a UFO does in the action phase.
enum class Deed : std::uint8_t {
  kOpenKiosk = 0,
  kTakeKiosk = 1,
  kOpenRestaurant = 2,
  kTakeRestaurant0 = 3,  // take over the restaurant in the city's first slot
  kTakeRestaurant1 = 4,  // ... in its second slot
};
inline constexpr int kNumDeeds = 5;

enum class Phase : std::uint8_t {
  kTokens,      // chance: the city token of the next city in play
  kSetup,       // a player places its 2 Standard UFOs on a city
  kMove,        // the active player moves UFOs
  kBump,        // the active player picks the next bump
  kSupport,     // a third player decides the support of one of its UFOs
  kAttackDie,   // chance: the attacker's d6
  kDefendDie,   // chance: the defender's d6
  kDisplace,    // the bump's winner moves a losing UFO one step
  kEyewitness,  // the winner picks the city an eyewitness token comes from
  kActions,     // the active player's UFOs act
  kAssist,      // gathering assistants for a control roll
  kControlDie,  // chance: the d12 of a control roll
  kNewUfo,      // the active player may take a new UFO
  kOver,
};

// Phase tests as bit sets (bit = Phase value): cheaper than a jump table in
// the playout loop, which asks every step.
inline constexpr std::uint32_t phase_bits(std::initializer_list<Phase> phases) {
  std::uint32_t m = 0;
  for (Phase p : phases) m |= std::uint32_t{1} << static_cast<int>(p);
  return m;
}
inline constexpr std::uint32_t kChancePhases =
    phase_bits({Phase::kTokens, Phase::kAttackDie, Phase::kDefendDie, Phase::kControlDie});
inline constexpr std::uint32_t kActivePlayerPhases = phase_bits(
    {Phase::kSetup, Phase::kMove, Phase::kBump, Phase::kActions, Phase::kAssist, Phase::kNewUfo});

// Dense action encoding (meaning depends on the phase, see the file comment).
namespace act {
inline constexpr Action kPass =
    0;  // end movement / end actions / decline a new UFO or a moved eyewitness
inline constexpr Action kRoll = 1;         // make the control roll with the assistants so far
inline constexpr Action kSupportBase = 2;  // + 0 nobody, 1 attacker, 2 defender
inline constexpr Action kMoveBase = 5;     // + ufo * kMaxLines + line
inline constexpr Action kPlaceBase = kMoveBase + kMaxUfos * kMaxLines;       // + type * 13 + city
inline constexpr Action kBumpBase = kPlaceBase + kNumUfoTypes * kNumCities;  // + ufo * 5 + player
inline constexpr Action kEyeBase = kBumpBase + kMaxUfos * kMaxPlayers;       // + city
inline constexpr Action kDeedBase = kEyeBase + kNumCities;                   // + ufo * 5 + deed
inline constexpr Action kAssistBase = kDeedBase + kMaxUfos * kNumDeeds;      // + ufo
inline constexpr Action kCount = kAssistBase + kMaxUfos;
}  // namespace act

struct UfoPiece {
  std::int8_t owner = kNone;
  UfoType type = UfoType::kStandard;
  std::uint8_t space = 0;
  bool moved = false;    // moved in this turn's movement phase
  bool stopped = false;  // may not move further this turn
  bool used = false;     // has acted or assisted this turn
  bool operator==(const UfoPiece&) const = default;
};

// The observation tensor's blocks (observation.cpp; docs/state-and-views.md)
// and the largest values its counts are divided by.
inline constexpr int kObsPhases = 14;
inline constexpr int kObsMaxRounds = 250;
inline constexpr int kObsMaxScore = 150;
inline constexpr int kObsMaxResistance = 12;
inline constexpr int kObsMaxBonus = 10;
inline constexpr int kObsMaxSteps = 10;
inline constexpr int kObsMaxModifier = 20;
inline constexpr int kObsHeader = kObsPhases + 2 * kMaxPlayers + 5;
inline constexpr int kObsPlayer = 11;
inline constexpr int kObsSpace = 2 + 4 * kMaxPlayers + 3;
inline constexpr int kObsUfo = 1 + kMaxPlayers + kNumUfoTypes + kNumSpaces + 3;
inline constexpr int kObsBump = 1 + kNumSpaces + kMaxUfos + kMaxPlayers + 3 + kMaxUfos +
                                kNumCities + kMaxUfos + 1 + kMaxPlayers;
inline constexpr int kObsControl = 1 + 1 + kNumDeeds + 1 + 1 + kMaxUfos;

class UfoState {
 public:
  // Nothing is hidden: every seat sees the spectator's view and is told
  // events in the spectator's words (core/game.h).
  static constexpr bool kViewsPublic = true;
  static constexpr bool kWordsPublic = true;
  UfoState() = default;
  UfoState(int players, int max_rounds);

  int num_players() const { return players_; }
  int num_distinct_actions() const { return act::kCount; }
  bool is_terminal() const { return phase_ == Phase::kOver; }
  bool is_chance() const { return (kChancePhases >> static_cast<int>(phase_)) & 1u; }
  SeatSet to_act() const;
  void legal_actions(Seat seat, ActionList& out) const {
    if (to_act().contains(seat)) legal_in_phase(out);
  }
  void chance_outcomes(ChanceList& out) const;
  MaybeError apply(Seat seat, Action a);
  void apply_unchecked(Seat seat, Action a);
  Json action_to_json(Seat seat, Action a) const;
  void write_action(Seat seat, Action a, JsonWriter& w) const;  // action_to_json as text
  Expected<Action> action_from_json(Seat seat, const Json& j) const;
  Json view(Seat seat) const;
  // view(seat) as text, written without a tree (core/json_writer.h).
  void write_view(Seat seat, JsonWriter& w) const;
  Json to_json() const;
  static Expected<UfoState> from_json(const Json& j);
  // The observation tensor (core/observation.h): the same for every seat
  // but for the players' order, which starts at the observer.
  static constexpr int kObservationSize = kObsHeader + kMaxPlayers * kObsPlayer +
                                          kNumSpaces * kObsSpace + kMaxUfos * kObsUfo + kObsBump +
                                          kObsControl;
  void observation(Seat seat, std::span<float> out) const;
  UfoState determinize(Seat seat, Rng& rng) const;
  GameResult result() const;
  Json result_details() const;
  // People's words (games/ufo/text.cpp, from Ufo::messages() in en/it/ko):
  // the board with its map, the seat's legal actions naming the board's
  // things ("move UFO 3 (Bumper) from Rome to Tivoli"), and any seat's or
  // chance's action as everyone reads it ("seat 2 places 2 Standard UFOs in
  // Rome", a control roll with its die, modifiers, target and result), with
  // what follows at once (skipped turns, the next turn, the end). Nothing is
  // hidden, so every observer reads the same.
  // `level`: the detail, as core/game.h's kTextDetail*: marked puts the
  // villages above the mark and the cities after it; compact leaves out the
  // cities' lines.
  std::string text_view(Seat seat, std::string_view lang, int level = kTextDetailFull) const;
  std::string describe_action(Seat seat, Action a, std::string_view lang) const;
  std::string describe_event(Seat observer, Seat actor, Action a, std::string_view lang) const;
  // How a finished game ended: "all-built", "cities" or "round-limit" (the
  // "verdict" of result_details); "" before the end.
  const char* verdict() const;
  // The figures behind a player's score (result_details, the final text).
  struct Figures {
    int restaurant_points = 0, kiosks = 0, eyewitnesses = 0, cities = 0, score = 0;
  };
  Figures figures(Seat p) const;
  bool operator==(const UfoState&) const = default;

  // Read access for bots, tests and views.
  Phase phase() const { return phase_; }
  Seat active() const { return active_; }
  int round() const { return turns_ / players_; }
  bool in_play(int space) const { return ((play_mask() >> space) & 1u) != 0; }
  // The spaces in play, as bits. rulings 3.1: with 2 or 3 players only the
  // marked region is in play.
  std::uint64_t play_mask() const { return players_ >= 4 ? kAllSpaces : topology().marked; }
  const InlineVec<UfoPiece, kMaxUfos>& ufos() const { return ufos_; }
  int city_token(int city) const { return token_[city]; }
  int resistance(int city) const {
    return token_[city] == kNone ? 0
                                 : topology().resistance[static_cast<std::size_t>(token_[city])];
  }
  int slots(int city) const {
    return token_[city] == kNone ? 0
                                 : topology().restaurants[static_cast<std::size_t>(token_[city])];
  }
  int restaurant(int city, int slot) const { return restaurant_[city][slot]; }
  int kiosk(int village) const { return kiosk_[village]; }
  int eyewitnesses(int city, Seat p) const { return eyewitness_[city][p]; }
  int eyewitness_supply(Seat p) const {
    int n = 0;
    for (const auto& c : eyewitness_) n += c[p];
    return kEyewitnessSupply - n;
  }
  int restaurant_supply(Seat p) const {
    if (p < 0 || p >= kMaxPlayers) return kRestaurantSupply;
    return kRestaurantSupply - restaurants_built_[static_cast<std::size_t>(p)];
  }
  int kiosk_supply(Seat p) const {
    if (p < 0 || p >= kMaxPlayers) return kKioskSupply;
    return kKioskSupply - kiosks_built_[static_cast<std::size_t>(p)];
  }
  int ufos_in_play(Seat p) const {
    int n = 0;
    for (const auto& u : ufos_) n += u.owner == p;
    return n;
  }
  int ufo_supply(Seat p, UfoType t) const {
    int n = 0;
    for (const auto& u : ufos_) n += u.owner == p && u.type == t;
    return kUfosPerType - n;
  }
  // p owns at least one restaurant in the city and every other one there
  // (rulings 3.2, city count).
  bool controls(Seat p, int city) const { return p >= 0 && controller(city) == p; }
  // The player who controls the city, kNone when nobody does. Reads both
  // slots: a slot the city's token does not have never holds a restaurant
  // (restaurants open in a free slot, take-overs name an existing one, and
  // from_json refuses anything else).
  int controller(int city) const {
    const int o0 = restaurant_[city][0];
    const int o1 = restaurant_[city][1];
    if (o0 == kNone) return o1;
    return o1 == kNone || o1 == o0 ? o0 : kNone;
  }
  int controlled_cities(Seat p) const {
    if (p < 0) return 0;
    int n = 0;
    for (int c = 0; c < kNumCities; ++c) n += controller(c) == p;
    return n;
  }
  // rulings 3.3: each restaurant scores its city's resistance, each kiosk 1,
  // each own eyewitness token on the board -2.
  int score(Seat p) const {
    const Topology& t = topology();
    int s = 0;
    for (int c = 0; c < kNumCities; ++c) {
      if (token_[c] != kNone) {
        const int r = t.resistance[static_cast<std::size_t>(token_[c])];
        s += ((restaurant_[c][0] == p) + (restaurant_[c][1] == p)) * r;
      }
      s -= 2 * eyewitness_[c][p];
    }
    for (auto o : kiosk_) s += o == p;
    return s;
  }
  bool skips_next_turn(Seat p) const { return (skip_mask_ >> p) & 1u; }
  bool lost_bump() const { return lost_bump_; }
  // Modifier of a control roll by UFO u in its city for `deed`, before
  // assistants. rulings 3.2, control roll: +1 per own kiosk in an adjacent
  // village, -2 per other players' restaurant in the city, -2 per own
  // eyewitness token in the city, -1 if the rolling UFO is a Bumper or a
  // Sedator.
  int control_modifier(int u) const {
    const UfoPiece& f = ufos_[static_cast<std::size_t>(u)];
    const int c = f.space;
    const Seat p = f.owner;
    const Topology& t = topology();
    int m = 0;
    for (int k = 0; k < t.num_lines[c]; ++k) {
      const int v = t.line[c][k];
      if (v >= kNumCities && kiosk_[v] == p) ++m;
    }
    for (auto o : restaurant_[c])
      if (o != kNone && o != p) m -= 2;
    m -= 2 * eyewitness_[c][p];
    if (f.type != UfoType::kStandard) m -= 1;
    return m;
  }
  // Current bump: attacker's and defender's bonus so far.
  int attack_bonus() const { return att_bonus_; }
  int defence_bonus() const { return def_bonus_; }
  Seat bump_winner() const { return winner_; }
  Seat bump_defender() const { return defender_; }
  int steps_left() const { return steps_left_; }
  int assistants() const { return assist_; }
  // The UFO whose support is being decided (kSupport).
  int supporter() const { return support_queue_.empty() ? kNone : support_queue_[0]; }

  friend struct TestAccess;  // tests build positions through it (tests/fixture.h)

 private:
  // text_board.cpp: text_view's parts, each a part of the board from the top down.
  // Parts of observation (observation.cpp).
  void observe_spaces(Seat seat, ObservationWriter& w) const;
  void observe_bump(Seat seat, ObservationWriter& w) const;
  // Parts of write_view (view.cpp).
  void write_bump_view(JsonWriter& w) const;
  void write_spaces_view(JsonWriter& w) const;
  struct TextBoard;
  void text_heading(TextBoard& b) const;
  void text_players(TextBoard& b) const;
  std::vector<std::string> text_ufos_at(const TextBoard& b, int space) const;
  std::string text_lines_of(const TextBoard& b, int space) const;
  std::string text_villages(const TextBoard& b) const;
  void text_cities(TextBoard& b) const;
  void text_bump(TextBoard& b) const;
  void text_control(TextBoard& b) const;
  void text_why(TextBoard& b) const;
  void text_final(TextBoard& b) const;

  // (p + off) % players_ for 0 <= p < players_, 0 <= off <= players_,
  // without a division.
  Seat seat_after(Seat p, int off) const {
    const int q = p + off;
    return q >= players_ ? q - players_ : q;
  }
  // The cities p controls, as bits.
  std::uint64_t controlled_mask(Seat p) const {
    std::uint64_t m = 0;
    for (int c = 0; c < kNumCities; ++c) m |= std::uint64_t{controller(c) == p} << c;
    return m;
  }
  // The only ways the board's UFOs and buildings change, so that owned_,
  // at_, kiosks_built_ and restaurants_built_ keep following them (inline,
  // in internal.h): add_ufo (setup, new UFO, from_json, tests), move_ufo
  // (movement, displacement), set_kiosk and set_restaurant (actions, tests).
  void add_ufo(const UfoPiece& f);
  void move_ufo(int u, int to);
  void set_kiosk(int village, Seat p);
  void set_restaurant(int city, int slot, Seat p);
  // Recounts kiosks_built_ and restaurants_built_ from the board.
  void count_buildings();
  // Bit c of [p]: p controls city c.
  using Controls = std::array<std::uint16_t, kMaxPlayers>;

  // One function per phase, in the file of the rules section it belongs to:
  // legal_<phase> lists the phase's legal actions (sorted ascending) and
  // apply_<phase> plays one of them. turn.cpp dispatches on phase_.
  void legal_in_phase(ActionList& out) const;

  // setup.cpp (Setup): the city tokens, then each player's first two UFOs.
  void token_outcomes(ChanceList& out) const;
  void apply_token(Action a);
  void legal_setup(ActionList& out) const;
  void apply_setup(Action a);

  // turn.cpp (A turn): begin the turn (the game ends there at the round
  // limit), skipping a player who took a new UFO; pass to the next player
  // (end_actions has checked the end of the game).
  void start_turn();
  void next_turn();

  // movement.cpp (1. Movement).
  void legal_move(ActionList& out) const;
  void apply_move(Action a);
  bool holds_other_ufo(int space, Seat p) const;
  bool has_buildings_all_own(int space, Seat p) const;
  void clear_eyewitnesses(int city, Seat p);

  // bump.cpp (2. Bumping): pick a bump, support, dice, displacement and the
  // eyewitness tokens it leaves.
  void next_bump_or_actions();
  void legal_bump(ActionList& out) const;
  void apply_bump(Action a);
  void legal_support(ActionList& out) const;
  void apply_support(Action a);
  void apply_attack_die(Action a);
  void apply_defence_die(Action a);
  // During a bump (support and dice): the attacking UFO is the active
  // player's and stands in the bumped space, and the defender is another
  // player with a UFO there, so the loser has UFOs to displace. The state
  // reader checks it, so a state with a bump and no loser in the space is
  // refused instead of loaded.
  bool bump_sides_present() const {
    if (attacker_ufo_ < 0 || attacker_ufo_ >= static_cast<int>(ufos_.size()) ||
        defender_ == active_)
      return false;
    const UfoPiece& att = ufos_[static_cast<std::size_t>(attacker_ufo_)];
    if (att.owner != active_ || att.space != bump_space_) return false;
    for (const UfoPiece& f : ufos_)
      if (f.owner == defender_ && f.space == bump_space_) return true;
    return false;
  }
  void legal_displace(ActionList& out) const;
  void apply_displace(Action a);
  void legal_eyewitness(ActionList& out) const;
  void apply_eyewitness(Action a);
  // The spaces holding a UFO of a player other than p, as bits.
  std::uint64_t others_mask(Seat p) const;
  bool displacement_done() const;
  // Steps from each space in play to the nearest one in play and not in
  // `blocked` (where a displaced UFO may stop); -1 when none can be reached.
  void rest_distances(std::uint64_t blocked, std::array<std::int8_t, kNumSpaces>& dist) const;
  void enter_by_displacement(int to);
  void finish_displacement();

  // actions.cpp (3. Actions): deeds, assistants and the control roll.
  void legal_deeds(ActionList& out) const;
  void apply_deed(Action a);
  void legal_assist(ActionList& out) const;
  void apply_assist(Action a);
  void apply_control_die(Action a);
  int free_slot(int city) const;

  // city_count.cpp (4. City count): the new UFO at the end of the turn.
  void end_actions();
  void legal_new_ufo(ActionList& out) const;
  void apply_new_ufo(Action a);
  Controls control_masks() const;
  bool may_take_new_ufo(const Controls& controls) const;
  // The cities where the active player may place a new UFO, as bits.
  std::uint64_t new_ufo_cities() const;

  // score.cpp (End and score).
  bool ends_game(const Controls& controls) const;
  bool round_limit_reached() const;

  // json.cpp: why play cannot reach this state (an invariant it keeps is
  // broken), or nullptr; from_json refuses such states.
  const char* unreachable() const;

  std::uint8_t players_ = 2;
  std::uint8_t max_rounds_ = 60;
  Phase phase_ = Phase::kTokens;
  std::int8_t active_ = 0;
  std::uint16_t turns_ = 0;  // turns begun, skipped ones included
  std::uint8_t next_token_city_ = 0;
  std::array<std::int8_t, kNumCities> token_{};
  std::array<std::int8_t, kNumSpaces> kiosk_{};
  std::array<std::array<std::int8_t, 2>, kNumCities> restaurant_{};
  std::array<std::array<std::uint8_t, kMaxPlayers>, kNumCities> eyewitness_{};
  InlineVec<UfoPiece, kMaxUfos> ufos_;
  // Bit u of [p]: UFO u is p's. UFOs never change hands or leave the board,
  // so this follows from ufos_ and only add_ufo changes it.
  std::array<std::uint32_t, kMaxPlayers> owned_{};
  // Bit s of [p]: at least one of p's UFOs is on space s. Follows from ufos_:
  // UFOs arrive through add_ufo and change space only through move_ufo.
  std::array<std::uint64_t, kMaxPlayers> at_{};
  // Each player's kiosks and restaurants on the board: they follow from
  // kiosk_ and restaurant_, which change only through set_kiosk and
  // set_restaurant (and from_json, which counts them again).
  std::array<std::uint8_t, kMaxPlayers> kiosks_built_{};
  std::array<std::uint8_t, kMaxPlayers> restaurants_built_{};
  std::uint16_t tried_mask_ = 0;  // cities where an opening was tried this turn
  std::uint8_t skip_mask_ = 0;    // players who skip their next turn
  bool lost_bump_ = false;        // the active player lost a bump as attacker
  bool gained_city_ = false;      // the active player gained control of a city this turn
  // Bump in progress.
  std::int8_t bump_space_ = kNone;
  std::int8_t attacker_ufo_ = kNone;
  std::int8_t defender_ = kNone;
  std::int8_t att_bonus_ = 0;
  std::int8_t def_bonus_ = 0;
  std::int8_t att_die_ = 0;
  InlineVec<std::uint8_t, kMaxUfos> support_queue_;
  std::int8_t winner_ = kNone;
  std::int8_t loser_ = kNone;
  InlineVec<std::uint8_t, kMaxUfos> losers_;
  std::array<std::uint8_t, kMaxUfos> pushed_{};  // 1: this loser has moved
  std::int8_t steps_left_ = 0;
  std::int8_t eye_city_ = kNone;  // city waiting for a moved eyewitness token
  // Control roll in progress.
  std::int8_t roller_ = kNone;
  Deed deed_ = Deed::kOpenKiosk;
  std::int8_t assist_ = 0;
};

inline SeatSet UfoState::to_act() const {
  if ((kActivePlayerPhases >> static_cast<int>(phase_)) & 1u) return SeatSet::only(active_);
  if (phase_ == Phase::kSupport) return SeatSet::only(ufos_[support_queue_[0]].owner);
  if (phase_ == Phase::kDisplace || phase_ == Phase::kEyewitness) return SeatSet::only(winner_);
  return {};
}

struct Ufo {
  using State = UfoState;
  static constexpr const char* kName = "ufo";
  static constexpr const char* kTitle = "Ufo! fritti dallo spazio!";
  static constexpr int kMinPlayers = 2;
  static constexpr int kMaxPlayers = 5;
  // rulings 3.3: no round limit in a game with people (max_rounds 0).
  static ParamSchema params_schema() {
    return {{"max_rounds",
             ParamType::kInt,
             0,
             {0, 250},
             "rounds after which the game ends and is scored (0 = no limit, as the rules)"}};
  }
  // The limit automated play states for itself (rulings 3.3): random and bot
  // games need not end by the rules, so self-play, arenas, benchmarks, the
  // bench signature and the conformance suite play with this one (the first
  // variant is what `meeple bench` measures).
  static constexpr int kAutomatedMaxRounds = 60;
  static std::vector<Json> param_variants() {
    return {{{"max_rounds", kAutomatedMaxRounds}}, {{"max_rounds", 3}}};
  }
  static Expected<State> new_game(const Json& params, int players) {
    return State(players, params.at("max_rounds").get<int>());
  }
  static Expected<State> state_from_json(const Json& j) { return State::from_json(j); }
  // Every text a person reads, en/it/ko (games/ufo/data/messages.json).
  static const Catalog& messages();
  // The guided first game (data/guide.json, room/guide.h).
  static std::string_view guide();
};

}  // namespace meeple::ufo
