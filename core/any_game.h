// Type-erased games and states for the server, the CLI and replays. One
// virtual call per operation; search uses the concrete State types instead.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "core/game.h"
#include "core/i18n.h"
#include "core/json_error.h"
#include "core/json_writer.h"
#include "core/observation.h"

namespace meeple {

class AnyGame;

// Whether `given`, a JSON form that parsed as some action, agrees with that
// action's own form `canonical`: every key it has is one of canonical's, with
// the same value (objects compared key by key, so keys canonical adds for
// people, such as a city's name, may be left out). Where canonical has a
// string, the game's parser has checked the string (or number) it read, which
// may be another name for it. action/malformed, naming the unknown key or the
// wrong value, when not.
MaybeError check_action_form(const Json& given, const Json& canonical);

// Whether `j` holds a number with a fraction or an exponent anywhere (looked
// at without recursion, so any depth is safe). State JSON and action forms
// hold integers only, and games read them with get<int>(), which is undefined
// behaviour for a float out of int's range: GameAdapter refuses such input
// before the game reads it.
bool has_float(const Json& j);

// A state of some game. Copying copies the state (value semantics).
class AnyState {
 public:
  struct Impl {
    virtual ~Impl() = default;
    virtual std::unique_ptr<Impl> clone() const = 0;
    virtual bool equals(const Impl& other) const = 0;
    virtual int num_players() const = 0;
    virtual int num_distinct_actions() const = 0;
    virtual bool is_terminal() const = 0;
    virtual bool is_chance() const = 0;
    virtual SeatSet to_act() const = 0;
    virtual void legal_actions(Seat seat, ActionList& out) const = 0;
    virtual void chance_outcomes(ChanceList& out) const = 0;
    virtual MaybeError apply(Seat seat, Action a) = 0;
    virtual void apply_unchecked(Seat seat, Action a) = 0;
    virtual void assign(const Impl& other) = 0;
    virtual Json action_to_json(Seat seat, Action a) const = 0;
    virtual void write_action(Seat seat, Action a, JsonWriter& w) const = 0;
    virtual Expected<Action> action_from_json(Seat seat, const Json& j) const = 0;
    virtual Json view(Seat seat) const = 0;
    virtual std::string view_text(Seat seat, JsonTape* tape) const = 0;
    virtual bool views_public() const = 0;
    virtual bool words_public() const = 0;
    virtual Json to_json() const = 0;
    virtual std::unique_ptr<Impl> determinize(Seat seat, Rng& rng) const = 0;
    virtual GameResult result() const = 0;
    virtual Json result_details() const = 0;
    virtual void primary_actions(Seat seat, ActionList& out) const = 0;
    virtual std::string text_view(Seat seat, std::string_view lang, int detail) const = 0;
    virtual std::string describe_action(Seat seat, Action a, std::string_view lang) const = 0;
    virtual bool has_events() const = 0;
    virtual bool reveals(Seat seat, Action a) const = 0;
    virtual std::string describe_event(Seat observer, Seat actor, Action a,
                                       std::string_view lang) const = 0;
    virtual int observation_size() const = 0;
    virtual void observation(Seat seat, std::span<float> out) const = 0;
  };

  AnyState(const AnyGame* game, std::unique_ptr<Impl> impl) : game_(game), impl_(std::move(impl)) {}
  AnyState(const AnyState& o) : game_(o.game_), impl_(o.impl_->clone()) {}
  AnyState& operator=(const AnyState& o) {
    if (this != &o) {
      game_ = o.game_;
      impl_ = o.impl_->clone();
    }
    return *this;
  }
  AnyState(AnyState&&) noexcept = default;
  AnyState& operator=(AnyState&&) noexcept = default;

  const AnyGame& game() const { return *game_; }
  bool operator==(const AnyState& o) const { return game_ == o.game_ && impl_->equals(*o.impl_); }

  int num_players() const { return impl_->num_players(); }
  int num_distinct_actions() const { return impl_->num_distinct_actions(); }
  bool is_terminal() const { return impl_->is_terminal(); }
  bool is_chance() const { return impl_->is_chance(); }
  SeatSet to_act() const { return impl_->to_act(); }
  ActionList legal_actions(Seat seat) const {
    ActionList out;
    impl_->legal_actions(seat, out);
    return out;
  }
  ChanceList chance_outcomes() const {
    ChanceList out;
    impl_->chance_outcomes(out);
    return out;
  }
  MaybeError apply(Seat seat, Action a) { return impl_->apply(seat, a); }
  // apply() without its checks, for drivers that took `a` from this very
  // state's legal_actions(seat) or chance_outcomes() (batched games, search):
  // undefined for any other action.
  void apply_unchecked(Seat seat, Action a) { impl_->apply_unchecked(seat, a); }
  // Becomes a copy of `other`, a state of the same game, reusing this
  // state's storage (operator= allocates a new one): a batch of games
  // restarts a finished game without allocating.
  void assign_same_game(const AnyState& other) {
    if (game_ == other.game_)
      impl_->assign(*other.impl_);
    else
      *this = other;
  }
  // Parses the JSON form of an action and applies it.
  MaybeError apply_json(Seat seat, const Json& action) {
    auto a = impl_->action_from_json(seat, action);
    if (!a) return a.error();
    return impl_->apply(seat, *a);
  }
  Json action_to_json(Seat seat, Action a) const { return impl_->action_to_json(seat, a); }
  // Writes action_to_json(seat, a) as text (the game's write_action, when it
  // has one).
  void write_action(Seat seat, Action a, JsonWriter& w) const { impl_->write_action(seat, a, w); }
  Expected<Action> action_from_json(Seat seat, const Json& j) const {
    return impl_->action_from_json(seat, j);
  }
  Json view(Seat seat) const { return impl_->view(seat); }
  // view(seat).dump(), written directly by games that can (write_view).
  // With a tape: also where each value lies in it (built as it is written by
  // games that write it, read from it otherwise).
  std::string view_text(Seat seat, JsonTape* tape = nullptr) const {
    return impl_->view_text(seat, tape);
  }
  // True when the game's views hide nothing (its kViewsPublic): every
  // seat's view is the spectator's.
  bool views_public() const { return impl_->views_public(); }
  // True when every observer is told an event in the spectator's words (its
  // kWordsPublic).
  bool words_public() const { return impl_->words_public(); }
  Json to_json() const { return impl_->to_json(); }
  AnyState determinize(Seat seat, Rng& rng) const {
    return AnyState(game_, impl_->determinize(seat, rng));
  }
  GameResult result() const { return impl_->result(); }
  Json result_details() const { return impl_->result_details(); }
  // Scores, ranks, winners and details as one JSON object.
  Json result_json() const;
  // The actions worth offering a person or a search as choices: the game's
  // search_actions() when it has one (leaving out e.g. free note-pad edits),
  // else the legal actions.
  ActionList primary_actions(Seat seat) const {
    ActionList out;
    impl_->primary_actions(seat, out);
    return out;
  }
  // Optional text forms for terminal play ("" when the game has none):
  // text_view is the board as `seat` sees it; describe_action names one of
  // that seat's legal actions in words. lang is "en", "it" or "ko".
  // `detail` (core/game.h, kTextDetail*): 0 is the whole board as the line
  // mode prints it; a screen that must fit a terminal asks for less.
  std::string text_view(Seat seat, std::string_view lang, int detail = kTextDetailFull) const {
    return impl_->text_view(seat, lang, detail);
  }
  std::string describe_action(Seat seat, Action a, std::string_view lang) const {
    return impl_->describe_action(seat, a, lang);
  }
  // Whether the game tells events in words (describe_event), and the words
  // for `observer` of `actor` taking `a` ("" when it sees nothing of it).
  bool has_events() const { return impl_->has_events(); }
  std::string describe_event(Seat observer, Seat actor, Action a, std::string_view lang) const {
    return impl_->describe_event(observer, actor, a, lang);
  }

  // Whether `seat` taking its legal action `a` makes known something that
  // was hidden besides the action itself (the game's reveals(); false for
  // games without one, whose hidden parts all come with chance outcomes).
  // The undo rule (core/undo.h) stops at such an action.
  bool reveals(Seat seat, Action a) const { return impl_->reveals(seat, a); }

  // Observation tensors (core/observation.h; each game's layout is in
  // docs/state-and-views.md). observation_shape(): the tensor's shape, [n]
  // with n the same for every state of the game whatever the player count
  // and options; empty for a game without observations (the toy games).
  std::vector<int> observation_shape() const {
    const int n = impl_->observation_size();
    return n > 0 ? std::vector<int>{n} : std::vector<int>{};
  }
  // Writes seat's observation (float32, from what view(seat) shows only)
  // into out, which holds exactly the shape's number of values. Errors:
  // game/no_observation for a game without one; request/malformed for a
  // seat that is not a player's or a buffer of another size.
  MaybeError observation(Seat seat, std::span<float> out) const;
  // The same into a new vector (empty on any of those errors).
  std::vector<float> observation(Seat seat) const;
  // The legal-action mask: out[a] = 1 for each of legal_actions(seat), 0 for
  // every other action; out holds num_distinct_actions() values (anything
  // else, or a seat that is not a player's, is request/malformed).
  MaybeError legal_mask(Seat seat, std::span<float> out) const;

  // Resolves chance with rng until someone must decide or the game is over.
  void resolve_chance(Rng& rng);

  const Impl& impl() const { return *impl_; }

 private:
  const AnyGame* game_;
  std::unique_ptr<Impl> impl_;
};

// A game: its description, rule options and setup.
class AnyGame {
 public:
  virtual ~AnyGame() = default;
  virtual std::string_view name() const = 0;
  virtual std::string_view title() const = 0;
  virtual int min_players() const = 0;
  virtual int max_players() const = 0;
  virtual const ParamSchema& params_schema() const = 0;
  virtual std::vector<Json> param_variants() const = 0;
  // A new game; params are the user's (checked and completed with defaults).
  virtual Expected<AnyState> new_game(const Json& params, int players) const = 0;
  // A state from its to_json() form; corrupt input gives state/corrupt.
  virtual Expected<AnyState> state_from_json(const Json& j) const = 0;
  // The game's table-talk rule: an error (e.g. chat/names_characteristic) for
  // a chat line the rules forbid. Games without one allow every line.
  virtual MaybeError check_chat(std::string_view text) const = 0;
  // The game's message catalog (every text of the game in en/it/ko), or null
  // for a game without one.
  virtual const Catalog* messages() const = 0;
  // The game's guided first game (room/guide.h) as JSON text, "" for a game
  // without one.
  virtual std::string_view guide() const = 0;
  // A bound on the length of a game of that many players (every action,
  // chance included) where the game derives one from its rules; none where
  // it does not (`meeple engine`'s game facts, docs/engine-protocol.md).
  virtual std::optional<std::int64_t> max_game_length(int players) const = 0;
  // The shape of this game's observation tensors (AnyState::observation_shape)
  // for that player count and those params: a new game's; errors as
  // new_game's.
  Expected<std::vector<int>> observation_shape(const Json& params, int players) const;
  // Name, title, player counts and parameter schema; each parameter with its
  // label, help and enum values' names in en/it/ko from messages() (when given).
  Json describe() const;
};

// Wraps a concrete Game as an AnyGame.
template <Game G>
class GameAdapter final : public AnyGame {
  using S = typename G::State;

  struct Model final : AnyState::Impl {
    S s;
    explicit Model(S st) : s(std::move(st)) {}
    std::unique_ptr<Impl> clone() const override { return std::make_unique<Model>(s); }
    bool equals(const Impl& o) const override {
      auto* m = dynamic_cast<const Model*>(&o);
      return m && m->s == s;
    }
    int num_players() const override { return s.num_players(); }
    int num_distinct_actions() const override { return s.num_distinct_actions(); }
    bool is_terminal() const override { return s.is_terminal(); }
    bool is_chance() const override { return s.is_chance(); }
    SeatSet to_act() const override { return s.to_act(); }
    void legal_actions(Seat seat, ActionList& out) const override { s.legal_actions(seat, out); }
    void chance_outcomes(ChanceList& out) const override { s.chance_outcomes(out); }
    MaybeError apply(Seat seat, Action a) override { return s.apply(seat, a); }
    void apply_unchecked(Seat seat, Action a) override { s.apply_unchecked(seat, a); }
    void assign(const Impl& o) override { s = static_cast<const Model&>(o).s; }
    Json action_to_json(Seat seat, Action a) const override { return s.action_to_json(seat, a); }
    void write_action(Seat seat, Action a, JsonWriter& w) const override {
      if constexpr (requires { s.write_action(seat, a, w); })
        s.write_action(seat, a, w);
      else
        w.value(s.action_to_json(seat, a));
    }
    Expected<Action> action_from_json(Seat seat, const Json& j) const override {
      if (has_float(j))
        return make_error(errc::kMalformedAction,
                          "malformed action: the numbers of an action are integers");
      Expected<Action> a = make_error(errc::kMalformedAction, "malformed action");
      try {
        a = s.action_from_json(seat, j);
      } catch (const Json::exception& e) {
        return make_error(errc::kMalformedAction, "malformed action: " + json_error_words(e));
      }
      if (!a) return a;
      // Strictness: a form that names one of the actions open now must agree
      // with that action's own form (no unknown keys, no other values).
      // Others are left to apply(), which refuses them as illegal.
      bool open = false;
      if (seat == kChance && !s.is_terminal() && s.is_chance()) {
        ChanceList outcomes;
        s.chance_outcomes(outcomes);
        for (const auto& o : outcomes) open = open || o.action == *a;
      } else if (seat >= 0 && !s.is_terminal() && !s.is_chance() && s.to_act().contains(seat)) {
        ActionList legal;
        s.legal_actions(seat, legal);
        open = legal.contains(*a);
      }
      if (open)
        if (auto e = check_action_form(j, s.action_to_json(seat, *a))) return *e;
      return a;
    }
    Json view(Seat seat) const override { return s.view(seat); }
    std::string view_text(Seat seat, JsonTape* tape) const override {
      if constexpr (requires(JsonWriter & w) { s.write_view(seat, w); }) {
        std::string out;
        out.reserve(4096);
        if (tape) {
          JsonWriter w(out, *tape);
          s.write_view(seat, w);
        } else {
          JsonWriter w(out);
          s.write_view(seat, w);
        }
        return out;
      } else {
        std::string out = s.view(seat).dump();
        if (tape) tape->read(out);
        return out;
      }
    }
    bool views_public() const override {
      if constexpr (requires { S::kViewsPublic; }) return S::kViewsPublic;
      return false;
    }
    bool words_public() const override {
      if constexpr (requires { S::kWordsPublic; }) return S::kWordsPublic;
      return false;
    }
    Json to_json() const override { return s.to_json(); }
    std::unique_ptr<Impl> determinize(Seat seat, Rng& rng) const override {
      return std::make_unique<Model>(s.determinize(seat, rng));
    }
    GameResult result() const override { return s.result(); }
    Json result_details() const override { return s.result_details(); }
    void primary_actions(Seat seat, ActionList& out) const override {
      if constexpr (requires { s.search_actions(seat, out); }) {
        s.search_actions(seat, out);
      } else {
        s.legal_actions(seat, out);
      }
    }
    std::string text_view(Seat seat, std::string_view lang, int detail) const override {
      if constexpr (requires {
                      { s.text_view(seat, lang, detail) } -> std::convertible_to<std::string>;
                    })
        return s.text_view(seat, lang, detail);
      else if constexpr (requires {
                           { s.text_view(seat, lang) } -> std::convertible_to<std::string>;
                         })
        return s.text_view(seat, lang);
      return {};
    }
    std::string describe_action(Seat seat, Action a, std::string_view lang) const override {
      if constexpr (requires {
                      { s.describe_action(seat, a, lang) } -> std::convertible_to<std::string>;
                    })
        return s.describe_action(seat, a, lang);
      return {};
    }
    static constexpr bool kHasEvents = requires(const typename G::State& st, std::string_view l) {
      { st.describe_event(Seat{}, Seat{}, Action{}, l) } -> std::convertible_to<std::string>;
    };
    bool has_events() const override { return kHasEvents; }
    std::string describe_event(Seat observer, Seat actor, Action a,
                               std::string_view lang) const override {
      if constexpr (kHasEvents) return s.describe_event(observer, actor, a, lang);
      return {};
    }
    int observation_size() const override {
      if constexpr (requires { S::kObservationSize; }) return S::kObservationSize;
      return 0;
    }
    void observation(Seat seat, std::span<float> out) const override {
      if constexpr (requires { s.observation(seat, out); }) s.observation(seat, out);
    }
    bool reveals(Seat seat, Action a) const override {
      if constexpr (requires {
                      { s.reveals(seat, a) } -> std::same_as<bool>;
                    })
        return s.reveals(seat, a);
      return false;
    }
  };

 public:
  GameAdapter() : schema_(G::params_schema()) {}
  std::string_view name() const override { return G::kName; }
  std::string_view title() const override { return G::kTitle; }
  int min_players() const override { return G::kMinPlayers; }
  int max_players() const override { return G::kMaxPlayers; }
  const ParamSchema& params_schema() const override { return schema_; }
  std::vector<Json> param_variants() const override { return G::param_variants(); }

  Expected<AnyState> new_game(const Json& params, int players) const override {
    if (players < G::kMinPlayers || players > G::kMaxPlayers)
      return make_error(errc::kBadPlayers,
                        fmt::format("{} is for {} to {} players, not {}", G::kTitle, G::kMinPlayers,
                                    G::kMaxPlayers, players));
    auto resolved = resolve_params(schema_, params);
    if (!resolved) return resolved.error();
    auto st = G::new_game(*resolved, players);
    if (!st) return st.error();
    return wrap(std::move(*st));
  }

  Expected<AnyState> state_from_json(const Json& j) const override {
    if (has_float(j))
      return make_error(errc::kCorruptState, "corrupt state: the numbers of a state are integers");
    try {
      auto st = G::state_from_json(j);
      if (!st) return st.error();
      // A field the game's states do not have is refused, not skipped:
      // the state it was meant for is not the one read. (Fields a state
      // may leave out, as older states do, are still optional.)
      const Json fields = st->to_json();
      for (const auto& [key, value] : j.items())
        if (!fields.contains(key))
          return make_error(
              errc::kCorruptState,
              fmt::format("corrupt state: {} states have no field \"{}\"", G::kName, key));
      return wrap(std::move(*st));
    } catch (const Json::exception& e) {
      return make_error(errc::kCorruptState, "corrupt state: " + json_error_words(e));
    }
  }

  MaybeError check_chat(std::string_view text) const override {
    if constexpr (requires { G::check_chat(text); })
      return G::check_chat(text);
    else
      return std::nullopt;
  }

  std::string_view guide() const override {
    if constexpr (requires { G::guide(); })
      return G::guide();
    else
      return {};
  }
  std::optional<std::int64_t> max_game_length(int players) const override {
    if constexpr (requires { G::max_game_length(players); })
      return G::max_game_length(players);
    else
      return std::nullopt;
  }
  const Catalog* messages() const override {
    if constexpr (requires { G::messages(); })
      return &G::messages();
    else
      return nullptr;
  }

  AnyState wrap(S s) const { return AnyState(this, std::make_unique<Model>(std::move(s))); }

  // The concrete state inside an AnyState of this game (nullptr if another).
  static const S* unwrap(const AnyState& a) {
    auto* m = dynamic_cast<const Model*>(&a.impl());
    return m ? &m->s : nullptr;
  }

 private:
  ParamSchema schema_;
};

}  // namespace meeple
