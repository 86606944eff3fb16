// Ufo! fritti dallo spazio! (Petra Brandenburger, Argentum 2004), 2 to 5
// players. Rules: seed 004 and RULINGS.md section 3 (/work/shared); the project's
// own map is games/ufo/data/map.json. docs/rules/ufo.md explains the game.
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
//    loser's eyewitness supply is empty, picks the city a token comes from;
//  - actions: "UFO u does <kind>" or "end actions"; a control roll first
//    gathers assisting UFOs ("assist with v" / "roll") then a chance d12;
//  - end of turn: take a new UFO (type and city) or decline.
// No information is hidden: view() is the same for every seat.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace meeple::ufo {

inline constexpr int kMaxPlayers = 5;
inline constexpr int kNumCities = 13;
inline constexpr int kNumSpaces = 52;
inline constexpr int kNumTokens = 18;
inline constexpr int kMaxLines = 8;     // lines from one space
inline constexpr int kMaxUfos = 20;     // UFOs in play, all players together
inline constexpr int kUfosPerType = 3;  // per player
inline constexpr int kRestaurantSupply = 10;
inline constexpr int kKioskSupply = 12;
inline constexpr int kEyewitnessSupply = 12;
inline constexpr int kNone = -1;

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

// Dense action encoding (meaning depends on the phase, see the file comment).
namespace act {
inline constexpr Action kPass = 0;         // end movement / end actions / decline a new UFO
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

// The immutable board: spaces (cities first, ids 0..12, then villages), the
// lines between them and the 18 city tokens. Parsed once from the embedded
// games/ufo/data/map.json.
struct Space {
  std::string key;   // "rome"
  std::string name;  // "Rome"
  bool city = false;
  bool marked = false;  // in the half of the map used with 2 and 3 players
  int x = 0, y = 0;
  InlineVec<std::uint8_t, kMaxLines> lines;
};
struct CityToken {
  int resistance = 0;   // also its score per restaurant
  int restaurants = 1;  // slots: 1 or 2
};
struct Board {
  std::vector<Space> spaces;
  std::vector<CityToken> tokens;
  int space_by_key(std::string_view key) const;  // kNone when unknown
};
const Board& board();

struct UfoPiece {
  std::int8_t owner = kNone;
  UfoType type = UfoType::kStandard;
  std::uint8_t space = 0;
  bool moved = false;    // moved in this turn's movement phase
  bool stopped = false;  // may not move further this turn
  bool used = false;     // has acted or assisted this turn
  bool operator==(const UfoPiece&) const = default;
};

class UfoState {
 public:
  UfoState() = default;
  UfoState(int players, int max_rounds);

  int num_players() const { return players_; }
  int num_distinct_actions() const { return act::kCount; }
  bool is_terminal() const { return phase_ == Phase::kOver; }
  bool is_chance() const;
  SeatSet to_act() const;
  void legal_actions(Seat seat, ActionList& out) const;
  void chance_outcomes(ChanceList& out) const;
  MaybeError apply(Seat seat, Action a);
  void apply_unchecked(Seat seat, Action a);
  Json action_to_json(Seat seat, Action a) const;
  Expected<Action> action_from_json(Seat seat, const Json& j) const;
  Json view(Seat seat) const;
  Json to_json() const;
  static Expected<UfoState> from_json(const Json& j);
  UfoState determinize(Seat, Rng&) const { return *this; }  // nothing is hidden
  GameResult result() const;
  Json result_details() const;
  // Terminal play (games/ufo/text.cpp): the board in words, and one of the
  // seat's legal actions in words. English for every language.
  std::string text_view(Seat seat, std::string_view lang) const;
  std::string describe_action(Seat seat, Action a, std::string_view lang) const;
  bool operator==(const UfoState&) const = default;

  // Read access for bots, tests and views.
  Phase phase() const { return phase_; }
  Seat active() const { return active_; }
  int round() const { return turns_ / players_; }
  bool in_play(int space) const;
  const InlineVec<UfoPiece, kMaxUfos>& ufos() const { return ufos_; }
  int city_token(int city) const { return token_[city]; }
  int resistance(int city) const;
  int slots(int city) const;
  int restaurant(int city, int slot) const { return restaurant_[city][slot]; }
  int kiosk(int village) const { return kiosk_[village]; }
  int eyewitnesses(int city, Seat p) const { return eyewitness_[city][p]; }
  int eyewitness_supply(Seat p) const;
  int restaurant_supply(Seat p) const;
  int kiosk_supply(Seat p) const;
  int ufos_in_play(Seat p) const;
  int ufo_supply(Seat p, UfoType t) const;
  bool controls(Seat p, int city) const;
  int controlled_cities(Seat p) const;
  int score(Seat p) const;
  bool skips_next_turn(Seat p) const { return (skip_mask_ >> p) & 1u; }
  bool lost_bump() const { return lost_bump_; }
  // Modifier of a control roll by UFO u in its city for `deed`, before
  // assistants (rulebook: kiosks +1, other restaurants -2, own eyewitnesses
  // -2, Bumper/Sedator -1).
  int control_modifier(int u) const;
  // Current bump: attacker's and defender's bonus so far.
  int attack_bonus() const { return att_bonus_; }
  int defence_bonus() const { return def_bonus_; }
  int bump_space() const { return bump_space_; }
  Seat bump_winner() const { return winner_; }
  Seat bump_defender() const { return defender_; }
  int steps_left() const { return steps_left_; }
  int assistants() const { return assist_; }
  // The UFO whose support is being decided (kSupport).
  int supporter() const { return support_queue_.empty() ? kNone : support_queue_[0]; }

  friend class UfoFixture;  // tests build positions through it

 private:
  bool holds_other_ufo(int space, Seat p) const;
  bool has_buildings_all_own(int space, Seat p) const;
  bool has_other_building(int space, Seat p) const;
  bool contested(int space) const;
  bool may_displace(int u, int line) const;
  bool displacement_done() const;
  // Steps from each space to the nearest one where p's displaced UFO may
  // stop (no other player's UFO); -1 when none can be reached.
  void rest_distances(Seat p, std::array<std::int8_t, kNumSpaces>& dist) const;
  bool new_ufo_city_ok(int city) const;
  bool may_take_new_ufo() const;
  bool deed_legal(int u, Deed d) const;
  bool ends_game() const;
  int free_slot(int city) const;
  void clear_eyewitnesses(int city, Seat p);
  void start_turn();
  void next_bump_or_actions();
  void finish_displacement();
  void enter_by_displacement(int u, int to);
  void resolve_control(int die);
  void end_actions();
  void end_turn();
  void legal_in_phase(ActionList& out) const;

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
  std::uint16_t opened_mask_ = 0;  // cities where a restaurant opened this turn
  std::uint8_t skip_mask_ = 0;     // players who skip their next turn
  bool lost_bump_ = false;         // the active player lost a bump as attacker
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

struct Ufo {
  using State = UfoState;
  static constexpr const char* kName = "ufo";
  static constexpr const char* kTitle = "Ufo! fritti dallo spazio!";
  static constexpr int kMinPlayers = 2;
  static constexpr int kMaxPlayers = 5;
  static ParamSchema params_schema() {
    return {{"max_rounds",
             ParamType::kInt,
             60,
             {0, 250},
             "rounds after which the game ends and is scored (0 = no limit)"}};
  }
  static std::vector<Json> param_variants() { return {Json::object(), {{"max_rounds", 3}}}; }
  static Expected<State> new_game(const Json& params, int players) {
    return State(players, params.at("max_rounds").get<int>());
  }
  static Expected<State> state_from_json(const Json& j) { return State::from_json(j); }
};

}  // namespace meeple::ufo
