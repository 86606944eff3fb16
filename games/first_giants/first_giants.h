// First Giants (the Italian First Giants rulebook; rulings 2 in
// docs/rules/rulings.md): paleontologists dig fossils from four dig sites
// into their studio, use the cards' effects, and exhibit them in Family and
// Size sets for set tokens and News tokens.
//
// Model: a turn is a sequence of small decisions. The active player takes a
// card from a dig site (pawn + card in one action) or reclaims its pawns. A
// take triggers effects (the taken card's single-use effect and recurring
// effects of every studio); they wait in a queue ordered from the active
// player clockwise, each owner choosing the order of its own when that is a
// real choice. Each effect's "may" is a decision of the player who applies it
// (an opponent, for "each opponent applies this effect"). Exhibiting is two
// decisions: which studio card, then which set (or a new one). The deck is
// face up (rulings 2): its top card is public and a refill takes it; the
// card that turns up next is a chance node over the cards below it (weights
// 1 per card: every physical card has its own id), so the order of the
// hidden cards is never stored.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/bits.h"
#include "core/game.h"
#include "core/i18n.h"
#include "core/json_writer.h"
#include "core/observation.h"

namespace meeple::first_giants {

inline constexpr int kFamilies = 5;
inline constexpr int kCards = 60;
inline constexpr int kSites = 4;
inline constexpr int kPawns = 4;
inline constexpr int kMaxPlayers = 5;
inline constexpr int kMaxSets = 32;  // per player; new sets are refused beyond
inline constexpr int kNews = 8;      // 0..4 Family sets by family, 5..7 Size sets 1..3
inline constexpr int kTotalSetTokens = 24;
inline constexpr int kStartAmber = 2;
inline constexpr std::uint8_t kNoCard = 255;

enum class Family : std::uint8_t { kCarnivore, kHerbivore, kFlyer, kSwimmer, kMammal };
enum class Trigger : std::uint8_t { kOnce, kAnyTake, kYouTakeFamily, kNewFamily };
enum class Effect : std::uint8_t {
  kPoint,
  kAmber,
  kExhibit,
  kExhibitFree,
  kExhibitTwoDifferent,
  kExhibitTwoSame,
  kAmberForPoints,
  kExhibitOrPoint
};
enum class Multiplier : std::uint8_t { kOne, kPerFamilyCard, kPerDifferentFamily, kPerPair };

// One card of the deck (games/first_giants/data/cards.json).
struct Card {
  int id = 0;
  int family = 0;
  int size = 0;  // 1..3; 0 for an egg
  bool recurring = false;
  Trigger trigger = Trigger::kOnce;
  int condition_family = -1;  // kYouTakeFamily
  Effect effect = Effect::kPoint;
  Multiplier multiplier = Multiplier::kOne;
  int multiplier_family = -1;  // kPerFamilyCard
  bool each_opponent = false;
  bool egg() const { return size == 0; }
  int cost() const { return egg() ? 2 : size; }
};

const std::array<Card, kCards>& cards();
const Json& card_json(
    int id);  // as views show it: id, name and text {en,it,ko}, family, size (null: egg)
std::string_view family_name(int family);
std::string_view effect_name(Effect e);

// An exhibited set. kind: 0 = one card (open), 1 = Family set, 2 = Size set.
// For a Size set made only of eggs, size is 0 until a non-egg fixes it.
struct ExhibitSet {
  std::array<std::uint8_t, 5> card{};
  std::uint8_t n = 0;
  std::uint8_t kind = 0;
  std::uint8_t family = 0;
  std::uint8_t size = 0;
  std::uint8_t tokens = 0;
  bool complete() const { return (kind == 1 && n == 3) || (kind == 2 && n == 5); }
  bool operator==(const ExhibitSet&) const = default;
};
inline constexpr std::uint8_t kOpenSet = 0, kFamilySet = 1, kSizeSet = 2;

// Set rules of the rulebook and rulings 2.3 on (family, size) pairs, size 0 =
// egg. Whether `c` may join `s`, and the set it becomes.
bool set_accepts(const ExhibitSet& s, int family, int size);
void set_add(ExhibitSet& s, std::uint8_t card_id, int family, int size);

struct PlayerArea {
  std::uint64_t studio = 0;    // bit per card id
  std::uint8_t pawns_out = 0;  // bit per dig site holding one of my pawns
  std::int16_t amber = kStartAmber;
  std::int16_t points = 0;
  InlineVec<ExhibitSet, kMaxSets> sets;
  bool operator==(const PlayerArea&) const = default;
};

// A triggered effect waiting to resolve: the card and its owner.
struct Pending {
  std::uint8_t owner = 0;
  std::uint8_t card = 0;
  bool operator==(const Pending&) const = default;
};

enum class Phase : std::uint8_t {
  kDeal,     // chance: the eight starting cards, then the deck's top card
  kTurn,     // active: take a card from a site, or reclaim
  kOrder,    // an owner picks which of its triggered effects resolves next
  kEffect,   // the applier of the current effect decides
  kTarget,   // the exhibitor picks the set for the chosen fossil
  kReclaim,  // active: per reclaimed pawn, 1 amber or exhibit 1 fossil
  kTurnUp,   // chance: a refill took the top card; the next one turns up
  kOver
};

// Action codes (meaning depends on the phase).
namespace act {
inline constexpr Action kTake = 0;  // + site * 2 + slot (0 left, 1 right)
inline constexpr Action kReclaim = 8;
inline constexpr Action kDecline = 9;
inline constexpr Action kGainAmber = 10;
inline constexpr Action kGainPoint = 11;
inline constexpr Action kAmberForPoints = 12;
inline constexpr Action kResolve = 100;  // + card id
inline constexpr Action kExhibit = 200;  // + card id
inline constexpr Action kNewSet = 299;
inline constexpr Action kIntoSet = 300;  // + set index
inline constexpr Action kCount = kIntoSet + kMaxSets;
}  // namespace act

// The observation tensor's blocks (observation.cpp; docs/state-and-views.md)
// and the largest values its counts are divided by.
inline constexpr int kObsPhases = 8;
inline constexpr int kObsMaxTurns = 200;
inline constexpr int kObsMaxAmber = 30;
inline constexpr int kObsMaxScore = 100;
inline constexpr int kObsMaxSetTokens = 5;
inline constexpr int kObsHeader = kObsPhases + 2 * kMaxPlayers + 2 + kCards + 5;
inline constexpr int kObsEffect = 1 + kMaxPlayers + kCards + 1 + kMaxPlayers + 1;
inline constexpr int kObsNews = kMaxPlayers + 1;
inline constexpr int kObsPending = 1 + kMaxPlayers + 1;
inline constexpr int kObsSite = 2 * kCards + kMaxPlayers;
inline constexpr int kObsSet = 1 + 3 + kFamilies + 4 + 3;
inline constexpr int kObsPlayer = 5 + 2 * kCards + kMaxSets * kObsSet;

class FirstGiantsState {
 public:
  // The views show what every seat may know (the deck below its top card is
  // in none), so every seat's is the spectator's. The words are not public:
  // they tell each seat its own actions as "you" (core/game.h).
  static constexpr bool kViewsPublic = true;
  FirstGiantsState() = default;
  explicit FirstGiantsState(int players);

  int num_players() const { return players_; }
  int num_distinct_actions() const { return act::kCount; }
  bool is_terminal() const { return phase_ == Phase::kOver; }
  bool is_chance() const { return phase_ == Phase::kDeal || phase_ == Phase::kTurnUp; }
  SeatSet to_act() const {
    const Seat d = decider();
    return d < 0 ? SeatSet{} : SeatSet::only(d);
  }
  void legal_actions(Seat seat, ActionList& out) const;
  void chance_outcomes(ChanceList& out) const;
  MaybeError apply(Seat seat, Action a);
  void apply_unchecked(Seat seat, Action a);
  Json action_to_json(Seat seat, Action a) const;
  Expected<Action> action_from_json(Seat seat, const Json& j) const;
  Json view(Seat seat) const;
  void write_view(Seat seat, JsonWriter& w) const;  // view(seat) as text
  Json to_json() const;
  static Expected<FirstGiantsState> from_json(const Json& j);
  // The observation tensor (core/observation.h): the same for every seat
  // but for the players' order, which starts at the observer.
  static constexpr int kObservationSize = kObsHeader + kObsEffect + kCards + kNews * kObsNews +
                                          kCards * kObsPending + kSites * kObsSite +
                                          kMaxPlayers * kObsPlayer;
  void observation(Seat seat, std::span<float> out) const;
  // Everything but the cards below the deck's top is public (the top card
  // too: the deck is face up), and those are held as a set, never in an
  // order: the next card turning up is a chance event. So a determinization
  // keeps the top card and has nothing else to re-sample.
  FirstGiantsState determinize(Seat, Rng&) const { return *this; }
  GameResult result() const;
  Json result_details() const;
  // Words for people, all from FirstGiants::messages() in `lang` (en, it,
  // ko; other languages fall back to English). Dig sites and sets are
  // numbered from 1 in words. text.cpp:
  // One of the seat's legal actions, naming the board's own things (the dig
  // site's number, the card's name, family, size and effect).
  std::string describe_action(Seat seat, Action a, std::string_view lang) const;
  // A card: name, family, size and effect text.
  static std::string describe_card(int id, std::string_view lang);
  // The (all public) table as text, who decides now and why; at the end, the
  // final scores and the winners.
  // `level`: the detail, as core/game.h's kTextDetail*: marked puts the
  // seat's own area after the mark, the rest above.
  std::string text_view(Seat seat, std::string_view lang, int level = kTextDetailFull) const;
  // The final scores with their parts and the winners (text_view at the end).
  std::string final_text(Seat observer, std::string_view lang) const;
  // events.cpp: what `actor` doing `a` does, in words for `observer`, asked
  // before it is applied: the action, the effects it fires, the amber and
  // points they give, refills, set and News tokens, the end and the winners.
  std::string describe_event(Seat observer, Seat actor, Action a, std::string_view lang) const;
  bool operator==(const FirstGiantsState&) const = default;

  // Read access for bots and tests.
  Phase phase() const { return phase_; }
  int active() const { return active_; }
  const PlayerArea& player(int p) const { return area_[p]; }
  std::uint8_t site_card(int site, int slot) const { return site_[site][slot]; }
  // The face-down cards of the deck below its top card (a set: their order
  // is not decided until they turn up).
  std::uint64_t deck() const { return deck_; }
  // The deck's face-up top card; kNoCard when the deck is empty.
  int deck_top() const { return top_; }
  // The deck's size, public: the top card and the cards below it.
  int deck_count() const { return count_bits(deck_) + (top_ != kNoCard); }
  int reserve_tokens() const { return reserve_; }
  int box_tokens() const { return box_; }
  bool end_triggered() const { return end_triggered_; }
  int news_holder(int news) const { return news_holder_[news]; }
  bool news_kept(int news) const { return news_kept_[news]; }
  const InlineVec<Pending, 64>& pending() const { return pending_; }
  int current_card() const { return cur_card_; }
  // The effect being resolved: fossils its applier exhibited so far in this
  // repetition ("up to 2"), and the family of the first of them.
  int effect_exhibited() const { return cur_done_; }
  int effect_first_family() const { return cur_family_; }
  int reclaim_left() const { return reclaim_left_; }
  int turns_played() const { return turn_; }
  int score(int p) const;  // points + News tokens + set tokens

 private:
  // A part of observation (observation.cpp).
  void observe_players(Seat seat, ObservationWriter& w) const;
  // Parts of write_view (view.cpp).
  void write_news_view(JsonWriter& w) const;
  void write_players_view(JsonWriter& w) const;
  // text.cpp: text_view's parts, each a part of the board from the top down.
  struct TextBoard;
  void text_table(TextBoard& b) const;
  void text_sites(TextBoard& b) const;
  void text_player_area(TextBoard& b, int p) const;
  void text_news(TextBoard& b) const;
  void text_ask(TextBoard& b) const;

  // Tests build positions through it (games/first_giants/tests/fixture.h).
  friend struct TestAccess;

  // The one seat that decides in the current phase (phases.cpp dispatches on
  // the phase); negative in the chance phases and once the game is over.
  // Inline: every step of a search asks it.
  Seat decider() const {
    switch (phase_) {
      case Phase::kTurn:
      case Phase::kReclaim:
        return active_;
      case Phase::kOrder:
        return pending_[0].owner;
      case Phase::kEffect:
        return cur_applier_;
      case Phase::kTarget:
        return exhibitor_;
      default:
        return -1;
    }
  }

  // Each phase's decisions and their effect live in the file of the rules
  // section they implement (docs/rules/first-giants.md); phases.cpp
  // dispatches to them.
  // setup.cpp
  void deal(int card);
  // turn.cpp
  void legal_turn(const PlayerArea& a, ActionList& out) const;
  void apply_turn(Seat seat, Action a);
  void take_card(Seat seat, int site, int slot);
  void finish_take();
  void refill();
  void turn_up(int card);
  // reclaim.cpp
  void legal_reclaim(Seat seat, ActionList& out) const;
  void apply_reclaim(Seat seat, Action a);
  void start_reclaim(Seat seat);
  void continue_reclaim(Seat seat);
  bool reclaim_has_choice() const;
  // effects.cpp
  void trigger_effects(Seat taker, int card, bool new_family);
  void resolve_pending();
  int group_size() const;
  bool group_needs_order() const;
  void legal_order(ActionList& out) const;
  void apply_order(Action a);
  void start_effect(int index);
  void begin_applier();
  void continue_effect();
  bool effect_needs_decision() const;
  int multiplier_count(int owner, const Card& c) const;
  void legal_effect(Seat seat, ActionList& out) const;
  void apply_effect(Seat seat, Action a);
  void effect_exhibited(int card);
  // exhibit.cpp
  bool fits_some_set(int p, int card) const;
  std::uint64_t exhibit_candidates(int p) const;  // in the current context
  void exhibit_options(int p, ActionList& out) const;
  bool has_exhibit_option(int p) const;
  void choose_fossil(Seat seat, int card, bool free, bool in_reclaim);
  void legal_target(const PlayerArea& a, ActionList& out) const;
  void apply_target(Seat seat, Action a);
  void exhibit(int p, int card, int set_index, bool free);
  // sets.cpp
  void take_set_token(ExhibitSet& s);
  // news.cpp
  void check_news(int p, const ExhibitSet& s);
  // json.cpp: why play cannot reach this state (an invariant it keeps is
  // broken), or nullptr; from_json refuses such states.
  const char* unreachable() const;
  // end.cpp
  void trigger_end();
  void end_dig_turn();
  void end_turn();
  int news_score(int p) const;
  int set_token_score(int p) const;

  std::uint8_t players_ = 2;
  Phase phase_ = Phase::kDeal;
  std::uint8_t active_ = 0;
  std::uint16_t turn_ = 0;      // turns completed
  std::uint64_t deck_ = 0;      // below the top card
  std::uint8_t top_ = kNoCard;  // the face-up top card
  std::array<std::array<std::uint8_t, 2>, kSites> site_{};
  std::array<PlayerArea, kMaxPlayers> area_{};
  std::array<std::int8_t, kNews> news_holder_{};
  std::array<bool, kNews> news_kept_{};
  std::uint8_t reserve_ = 0;
  std::uint8_t box_ = 0;
  bool end_triggered_ = false;
  // The turn in progress.
  std::uint8_t refill_site_ = 0, refill_slot_ = 0;
  bool refill_due_ = false;
  InlineVec<Pending, 64> pending_;
  std::uint8_t reclaim_left_ = 0;
  // The effect being resolved.
  std::uint8_t cur_owner_ = 0;
  std::uint8_t cur_card_ = kNoCard;
  std::uint8_t cur_applier_ = 0;
  std::uint8_t cur_count_ = 0;   // repetitions for each applier (multiplier)
  std::uint8_t cur_left_ = 0;    // repetitions left for this applier
  std::uint8_t cur_done_ = 0;    // fossils already exhibited in this "up to 2"
  std::uint8_t cur_family_ = 0;  // family of the first of those
  // A fossil chosen for exhibiting, waiting for its set.
  std::uint8_t chosen_card_ = kNoCard;
  std::uint8_t exhibitor_ = 0;
  bool chosen_free_ = false;
  bool chosen_in_reclaim_ = false;
};

struct FirstGiants {
  using State = FirstGiantsState;
  static constexpr const char* kName = "first-giants";
  static constexpr const char* kTitle = "First Giants";
  static constexpr int kMinPlayers = 2;
  static constexpr int kMaxPlayers = 5;
  static ParamSchema params_schema() { return {}; }
  static std::vector<Json> param_variants() { return {Json::object()}; }
  static Expected<State> new_game(const Json&, int players) { return State(players); }
  static Expected<State> state_from_json(const Json& j) { return State::from_json(j); }
  // Every text of the game in en/it/ko (data/messages.json with the cards'
  // texts as "card.<id>.text"; text.cpp).
  static const meeple::Catalog& messages();
  // The guided first game (data/guide.json, room/guide.h).
  static std::string_view guide();
  // A bound on a game's length for that many players, every action and
  // chance outcome included, derived from the rules (length.cpp).
  static std::int64_t max_game_length(int players);
};

}  // namespace meeple::first_giants
