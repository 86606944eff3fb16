#include "room/room.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

namespace meeple::room {

namespace {
// The text of a stored action that a bot (or a stand-in) decided.
constexpr const char* kByBot = "bot";

// The two streams of a chance key (RoomOptions::chance_key): chance outcomes,
// and the bots' seed. Distinct nonces give independent streams, so a player
// who recovers the bots' PCG32 state from their decisions learns nothing of
// the chance stream.
constexpr ChaChaNonce kChanceStream = {'c', 'h', 'a', 'n', 'c', 'e'};
constexpr ChaChaNonce kBotsStream = {'b', 'o', 't', 's'};

// The store refused or failed a write: no verdict on the move, which a bot
// or chance may make again once the store is back (a database
// outage read as "the bot chose an illegal action" halted tables for good).
bool store_failed(const Error& e) {
  return e.code == store::errc::kFenced || e.code == store::errc::kUnavailable ||
         e.code == meeple::errc::kIo;
}

}  // namespace

Room::Room(const AnyGame& game, AnyState state, std::vector<SeatConfig> seats, RoomOptions options,
           store::TableStore* store, Sink* sink)
    : game_(&game),
      initial_(state),
      state_(std::move(state)),
      config_(std::move(seats)),
      options_(std::move(options)),
      store_(store),
      sink_(sink),
      rng_(options_.seed),
      watch_(0) {
  if (options_.languages.empty()) options_.languages = {"en"};
  if (options_.chance_key) {
    chance_ = std::make_unique<ChaChaRng>(*options_.chance_key, kChanceStream);
    ChaChaRng bots(*options_.chance_key, kBotsStream);
    const std::uint64_t seed = bots.next_u64();
    rng_ = Rng(seed, bots.next_u64());
    options_.chance_key.reset();  // the generators hold it now
  }
  const auto n = config_.size();
  bots_.resize(n);
  observers_.assign(n, nullptr);
  deadline_.assign(n, kNever);
  left_at_.assign(n, kNever);
  left_wall_.assign(n, WallClock::time_point{});
  seat_info_.resize(n);
  record_.game = std::string(game.name());
  record_.players = static_cast<int>(n);
}

MaybeError Room::seat_bots() {
  for (std::size_t i = 0; i < config_.size(); ++i) {
    const SeatConfig& c = config_[i];
    SeatInfo& info = seat_info_[i];
    info.kind = c.kind;
    std::string spec = c.kind == SeatKind::kBot && !c.bot.empty() ? c.bot : default_bot(*game_);
    // People get a stand-in too, which plays only while they are away.
    auto bot = make_bot(*game_, spec);
    if (!bot) return bot.error();
    bots_[i] = std::move(*bot);
    info.name = c.kind == SeatKind::kPerson ? c.name : std::string(bots_[i]->name());
    record_.seats.push_back(c.kind == SeatKind::kPerson ? c.name : spec);
    if (c.kind != SeatKind::kPerson && bots_[i]->observes()) {
      observers_[i] = bots_[i].get();
      any_observer_ = true;
    }
  }
  // As the match driver does: observing bots draw from a generator split off
  // first, so chance draws do not depend on them.
  if (any_observer_) {
    watch_ = rng_.split();
    show_bots(observers_, state_, watch_);
  }
  return std::nullopt;
}

void Room::brief(std::size_t i) {
  Bot* bot = bots_[i].get();
  if (bot == nullptr || !bot->observes()) return;
  const auto seat = static_cast<Seat>(i);
  AnyState s = initial_;
  bot->observe(s.determinize(seat, watch_), seat);
  // As the table went: an undo goes back without showing the bots (see
  // take_back).
  UndoTrail trail;
  for (const RecordedAction& a : record_.actions) {
    if (a.undo) {
      s = trail.take_back().before;
      continue;
    }
    AnyState before = s;
    if (s.apply(a.seat, a.action)) break;  // cannot happen: every action was applied once
    trail.record(std::move(before), a.seat, a.action, true);
    bot->observe(s.determinize(seat, watch_), seat);
  }
  observers_[i] = bot;
  any_observer_ = true;
}

Expected<std::unique_ptr<Room>> Room::open(const AnyGame& game, const Json& params,
                                           std::vector<SeatConfig> seats, RoomOptions options,
                                           store::TableStore* store, Sink* sink) {
  auto st = game.new_game(params, static_cast<int>(seats.size()));
  if (!st) return st.error();
  std::unique_ptr<Room> room(
      new Room(game, std::move(*st), std::move(seats), std::move(options), store, sink));
  room->record_.params = params;
  if (auto e = room->seat_bots()) return *e;
  // The table options are the stored spec's: the room does not read them,
  // so it does not keep them (a KB of every live table).
  Json table_options = std::exchange(room->options_.table_options, Json());
  if (store) {
    store::TableSpec spec{.id = room->options_.table_id,
                          .game = std::string(game.name()),
                          .players = room->num_players(),
                          .params = params,
                          .seats = room->record_.seats,
                          .options = std::move(table_options)};
    auto id = store->create(spec, room->options_.lease);
    if (!id) return id.error();
    room->table_id_ = *id;
  }
  return room;
}

Expected<std::unique_ptr<Room>> Room::resume(const AnyGame& game, const store::TableRecord& table,
                                             std::vector<SeatConfig> seats, RoomOptions options,
                                             store::TableStore* store, Sink* sink) {
  if (table.spec.game != game.name())
    return make_error(
        meeple::errc::kCorruptRecord,
        fmt::format("table {} is a game of {}, not {}", table.id, table.spec.game, game.name()));
  // Entries are replayed without a store or a sink: they are stored already.
  auto room = open(game, table.spec.params, std::move(seats), std::move(options));
  if (!room) return room.error();
  Room& r = **room;
  for (const store::Entry& e : table.entries) {
    MaybeError err;
    if (e.kind == "chat") {
      err = r.chat(e.seat, e.text);
    } else if (e.kind == "seat") {
      const std::string kind = e.json.value("kind", "bot");
      SeatConfig c{.kind = kind == "person"  ? SeatKind::kPerson
                           : kind == "empty" ? SeatKind::kEmpty
                                             : SeatKind::kBot,
                   .name = e.json.value("name", ""),
                   .bot = e.json.value("bot", "")};
      err = r.replace_seat(e.seat, std::move(c), e.json.value("owner", Json::object()));
    } else if (e.kind == "hint") {
      r.record_.hints.push_back({.seat = e.seat, .at = r.record_.actions.size()});
    } else if (e.kind == "undo") {
      if (r.trail_.available(e.seat) == 0)
        err = make_error(errc::kNothingToUndo, "an undo with nothing to take back");
      else
        r.take_back(e.seat, wall_now());
    } else {
      Action a = e.action;
      if (a < 0) {
        auto parsed = r.state_.action_from_json(e.seat, e.json);
        if (!parsed) return parsed.error();
        a = *parsed;
      }
      err = r.commit(e.seat, a, e.seat != kChance && e.text != kByBot);
    }
    if (err)
      return make_error(
          meeple::errc::kCorruptRecord,
          fmt::format("table {}: entry refused on replay: {}", table.id, err->message));
  }
  // A game's end is stored with its result in one write (TableStore::finish): a
  // result whose entries end before the game's end is a record that lost
  // entries (it would be shown finished, and refuse every move).
  if (table.finished() && !r.state_.is_terminal())
    return make_error(meeple::errc::kCorruptRecord,
                      fmt::format("table {}: stored as finished, but its {} entries end before "
                                  "the game's end",
                                  table.id, table.entries.size()));
  // The clocks go on from the time of the last move, not from now.
  for (auto e = table.entries.rbegin(); e != table.entries.rend(); ++e)
    if ((e->kind == "action" || e->kind == "undo") && e->at > 0) {
      r.moved_at_ = WallClock::time_point(std::chrono::milliseconds(e->at));
      const auto left = r.moved_at_ + r.options_.move_clock - WallClock::now();
      for (auto& d : r.deadline_)
        if (d != kNever) d = Clock::now() + std::chrono::duration_cast<Clock::duration>(left);
      break;
    }
  r.table_id_ = table.id;
  r.store_ = store;
  r.sink_ = sink;
  return room;
}

SeatSet Room::to_act() const {
  if (state_.is_terminal() || state_.is_chance()) return SeatSet{};
  return state_.to_act();
}

Bot* Room::player_bot(Seat seat) {
  const auto i = static_cast<std::size_t>(seat);
  if (config_[i].kind != SeatKind::kPerson || seat_info_[i].stand_in) return bots_[i].get();
  return nullptr;
}

int Room::language_index(std::string_view lang) const {
  for (std::size_t i = 0; i < options_.languages.size(); ++i)
    if (options_.languages[i] == lang) return static_cast<int>(i);
  return -1;
}

MaybeError Room::write(std::span<const store::Entry> entries, const Json* result) {
  if (!options_.write_behind)
    return result ? store_->finish(table_id_, options_.lease, entries, *result)
                  : store_->append(table_id_, options_.lease, entries);
  kept_.entries.insert(kept_.entries.end(), entries.begin(), entries.end());
  if (result) kept_.result = *result;
  return std::nullopt;
}

store::Write Room::take_writes() {
  store::Write w = std::move(kept_);
  kept_ = {};
  w.id = table_id_;
  w.lease = options_.lease;
  return w;
}

MaybeError Room::commit(Seat seat, Action a, bool by_person) {
  AnyState next = state_;
  if (auto e = next.apply(seat, a)) return e;
  const WallClock::time_point at = wall_now();
  if (store_) {
    store::Entry e = entry("action", seat, at);
    e.action = a;
    e.json = state_.action_to_json(seat, a);
    if (seat != kChance && !by_person) e.text = kByBot;
    // The game's last move lands with its result, in one write.
    const Json result = next.is_terminal() ? next.result_json() : Json();
    if (auto err = write(std::span(&e, 1), next.is_terminal() ? &result : nullptr)) return err;
  }
  // Words are told from the state before the action, for every observer; a
  // game whose words are public tells them all the spectator's (core/game.h).
  EventWords words;
  if (state_.has_events()) {
    const bool same = state_.words_public();
    for (Seat o = kSpectator; o < num_players(); o = o == kSpectator ? 0 : o + 1)
      for (std::size_t l = 0; l < options_.languages.size(); ++l)
        if (same && o != kSpectator)
          words.add_as(l);
        else
          words.add(state_.describe_event(o, seat, a, options_.languages[l]));
  }
  trail_.record(std::exchange(state_, std::move(next)), seat, a, by_person && options_.undo,
                events_.size());
  ++version_;
  moved_at_ = at;
  record_.actions.push_back({seat, a});  // its JSON form: with_json()
  events_.push_back({.version = version_, .chat = false, .actor = seat});
  words_.push_back(std::move(words));
  if (any_observer_) show_bots(observers_, state_, watch_);
  start_clock(Clock::now());
  if (sink_) sink_->on_event(*this, events_.back());
  return std::nullopt;
}

MaybeError Room::act(Seat seat, std::uint64_t version, Action a) {
  if (seat < 0 || seat >= num_players())
    return make_error(errc::kBadSeat, fmt::format("there is no seat {}", seat));
  if (version != version_)
    return make_error(errc::kStale, fmt::format("the table has moved on (version {}, not {})",
                                                version_, version));
  if (state_.is_terminal()) return make_error(meeple::errc::kGameOver, "the game is over");
  if (!to_act().contains(seat))
    return make_error(meeple::errc::kNotYourTurn, fmt::format("seat {} is not to act", seat));
  const auto i = static_cast<std::size_t>(seat);
  if (auto e = commit(seat, a, config_[i].kind == SeatKind::kPerson)) return e;
  // A person who acts is back at the table.
  if (config_[i].kind == SeatKind::kPerson) {
    end_stand_in(i);
    seat_info_[i].late = false;
  }
  return std::nullopt;
}

MaybeError Room::act_json(Seat seat, std::uint64_t version, const Json& action) {
  if (seat < 0 || seat >= num_players())
    return make_error(errc::kBadSeat, fmt::format("there is no seat {}", seat));
  auto a = state_.action_from_json(seat, action);
  if (!a) return a.error();
  return act(seat, version, *a);
}

MaybeError Room::replace_seat(Seat seat, SeatConfig c, Json owner) {
  if (seat < 0 || seat >= num_players())
    return make_error(errc::kBadSeat, fmt::format("there is no seat {}", seat));
  if (state_.is_terminal()) return make_error(meeple::errc::kGameOver, "the game is over");
  const std::string spec = c.kind == SeatKind::kBot && !c.bot.empty() ? c.bot : default_bot(*game_);
  auto bot = make_bot(*game_, spec);
  if (!bot) return bot.error();
  if (store_) {
    const char* kind = c.kind == SeatKind::kPerson ? "person"
                       : c.kind == SeatKind::kBot  ? "bot"
                                                   : "empty";
    store::Entry e = entry("seat", seat, wall_now());
    e.json = {{"kind", kind}, {"name", c.name}, {"bot", c.bot}, {"owner", std::move(owner)}};
    if (auto err = write(std::span(&e, 1))) return err;
  }
  const auto i = static_cast<std::size_t>(seat);
  bots_[i] = std::move(*bot);
  SeatInfo& info = seat_info_[i];
  const std::string before = info.name;
  info.kind = c.kind;
  info.name = c.kind == SeatKind::kPerson ? c.name : std::string(bots_[i]->name());
  info.stand_in = false;
  info.connected = c.kind != SeatKind::kPerson;
  left_at_[i] = c.kind == SeatKind::kPerson ? Clock::now() : kNever;
  left_wall_[i] = wall_now();
  deadline_[i] = kNever;
  record_.seats[i] = c.kind == SeatKind::kPerson ? c.name : spec;
  observers_[i] = nullptr;
  any_observer_ = std::any_of(observers_.begin(), observers_.end(), [](Bot* b) { return b; });
  // A bot that learns knows what a bot there from the start would know.
  if (c.kind != SeatKind::kPerson) brief(i);
  config_[i] = std::move(c);
  trail_.clear();
  start_clock(Clock::now());
  notice(seat, [&](std::string_view lang, bool self) {
    return seat_words(lang, self ? SeatNotice::kYouTakeTheSeat : SeatNotice::kTakesTheSeat,
                      info.name, before);
  });
  return std::nullopt;
}

int Room::undo_available(Seat seat) const {
  if (!options_.undo || seat < 0 || seat >= num_players() || state_.is_terminal()) return 0;
  return trail_.available(seat);
}

MaybeError Room::undo(Seat seat, std::uint64_t version) {
  if (seat < 0 || seat >= num_players())
    return make_error(errc::kBadSeat, fmt::format("there is no seat {}", seat));
  if (!options_.undo)
    return make_error(errc::kUndoOff, "this table does not allow taking back moves");
  if (version != version_)
    return make_error(errc::kStale, fmt::format("the table has moved on (version {}, not {})",
                                                version_, version));
  if (undo_available(seat) == 0)
    return make_error(errc::kNothingToUndo,
                      "nothing to take back: something became known since your last decision");
  const WallClock::time_point at = wall_now();
  if (store_) {
    const store::Entry e = entry("undo", seat, at);
    if (auto err = write(std::span(&e, 1))) return err;
  }
  take_back(seat, at);
  return std::nullopt;
}

void Room::take_back(Seat seat, WallClock::time_point at) {
  UndoTrail::Step step = trail_.take_back();
  state_ = std::move(step.before);
  ++version_;
  moved_at_ = at;
  record_.actions.push_back({.seat = seat, .undo = true});
  // Told to whoever was told of the decision, and to nobody else: taking a
  // move back shows nothing new. Observing bots are not shown the state
  // again: what they follow goes on from the next action as if the decision
  // had not been made.
  EventWords words;
  const EventWords& undone = words_[step.tag];
  const std::size_t langs = options_.languages.size();
  if (!undone.empty())
    for (std::size_t o = 0; o <= config_.size(); ++o)
      for (std::size_t l = 0; l < langs; ++l)
        words.add(undone.at(o, l, langs).empty()
                      ? std::string()
                      : undo_words(options_.languages[l], o == observer_index(seat),
                                   seat_info_[static_cast<std::size_t>(seat)].name));
  events_.push_back({.version = version_, .undo = true, .actor = seat});
  words_.push_back(std::move(words));
  start_clock(Clock::now());
  if (sink_) sink_->on_event(*this, events_.back());
}

AnyState Room::knowledge(Seat seat) const {
  Rng rng(version_ * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(seat) + 0x6b6e6f77ULL);
  return state_.determinize(seat, rng);
}

MaybeError Room::mark_hint(Seat seat) {
  if (seat < 0 || seat >= num_players())
    return make_error(errc::kBadSeat, fmt::format("there is no seat {}", seat));
  if (store_) {
    const store::Entry e = entry("hint", seat, wall_now());
    if (auto err = write(std::span(&e, 1))) return err;
  }
  record_.hints.push_back({.seat = seat, .at = record_.actions.size()});
  return std::nullopt;
}

MaybeError Room::chat(Seat seat, std::string_view text) {
  if (seat < 0 || seat >= num_players())
    return make_error(errc::kBadSeat, fmt::format("there is no seat {}", seat));
  if (text.size() > options_.max_chat_bytes)
    return make_error(errc::kChatTooLong,
                      fmt::format("a chat line has at most {} bytes", options_.max_chat_bytes));
  if (text.empty() || std::any_of(text.begin(), text.end(), [](char ch) {
        const auto c = static_cast<unsigned char>(ch);
        return c < 0x20 || c == 0x7f;
      }))
    return make_error(errc::kChatNotALine, "a chat line is one line of text");
  if (auto e = game_->check_chat(text)) return e;
  if (store_) {
    store::Entry e = entry("chat", seat, wall_now());
    e.text = std::string(text);
    if (auto err = write(std::span(&e, 1))) return err;
  }
  chat_events_.push_back(events_.size());
  events_.push_back({.version = version_, .chat = true, .actor = seat, .text = std::string(text)});
  words_.emplace_back();
  if (sink_) sink_->on_event(*this, events_.back());
  return std::nullopt;
}

MaybeError Room::advance() {
  while (!state_.is_terminal()) {
    Seat seat = kChance;
    Action a = -1;
    if (state_.is_chance()) {
      a = draw_chance();
    } else {
      // The lowest seat whose bot decides now; people decide on their own.
      const SeatSet acting = to_act();
      for (Seat s = 0; s < num_players() && seat == kChance; ++s)
        if (acting.contains(s) && player_bot(s) != nullptr) seat = s;
      if (seat == kChance) return std::nullopt;
      // As next_bot_turn draws it, so that a seed gives the same game in
      // terminal play and on the server (a guided game's fixed deal).
      Rng rng = rng_.split();
      a = player_bot(seat)->choose(state_.determinize(seat, rng), seat, rng);
    }
    if (auto e = commit(seat, a, false)) {
      if (seat == kChance || store_failed(*e)) return e;
      return make_error(
          errc::kBotFailed,
          fmt::format("the bot of seat {} chose an illegal action: {}", seat, e->message));
    }
  }
  return std::nullopt;
}

Expected<std::optional<BotTurn>> Room::next_bot_turn() {
  while (!state_.is_terminal()) {
    if (state_.is_chance()) {
      if (auto e = commit(kChance, draw_chance(), false)) return *e;
      continue;
    }
    const SeatSet acting = to_act();
    for (Seat s = 0; s < num_players(); ++s)
      if (acting.contains(s) && player_bot(s) != nullptr) {
        Rng rng = rng_.split();
        AnyState info = state_.determinize(s, rng);
        return std::optional<BotTurn>(BotTurn{.seat = s,
                                              .version = version_,
                                              .bot = player_bot(s),
                                              .info = std::move(info),
                                              .rng = rng});
      }
    break;
  }
  return std::optional<BotTurn>();
}

MaybeError Room::apply_bot_turn(const BotTurn& turn, Action a) {
  if (turn.version != version_)
    return make_error(errc::kStale, fmt::format("the table has moved on (version {}, not {})",
                                                version_, turn.version));
  if (auto e = commit(turn.seat, a, false)) {
    if (store_failed(*e)) return e;
    return make_error(
        errc::kBotFailed,
        fmt::format("the bot of seat {} chose an illegal action: {}", turn.seat, e->message));
  }
  return std::nullopt;
}

Action Room::draw_chance() {
  if (options_.chance_script)
    if (const std::optional<Action> a = options_.chance_script(version_)) return *a;
  const ChanceList outcomes = state_.chance_outcomes();
  return chance_ ? sample_chance(outcomes, *chance_) : sample_chance(outcomes, rng_);
}

store::Entry Room::entry(std::string kind, Seat seat, WallClock::time_point at) {
  store::Entry e;
  e.kind = std::move(kind);
  e.seat = seat;
  e.at = std::chrono::duration_cast<std::chrono::milliseconds>(at.time_since_epoch()).count();
  return e;
}

WallClock::time_point Room::wall_now() {
  return std::chrono::time_point_cast<std::chrono::milliseconds>(WallClock::now());
}

void Room::announce(Seat seat, SeatNotice n) {
  if (seat < 0 || seat >= num_players()) return;
  const std::string name = seat_info_[static_cast<std::size_t>(seat)].name;
  notice(seat, [&](std::string_view lang, bool) { return seat_words(lang, n, name); });
}

void Room::notice(Seat seat, const std::function<std::string(std::string_view, bool)>& words) {
  EventWords w;
  for (std::size_t o = 0; o <= config_.size(); ++o)
    for (const std::string& lang : options_.languages)
      w.add(words(lang, o == observer_index(seat)));
  events_.push_back({.version = version_, .notice = true, .actor = seat});
  words_.push_back(std::move(w));
  if (sink_) sink_->on_event(*this, events_.back());
}

}  // namespace meeple::room
