#include "room/room.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

namespace meeple::room {

namespace {
constexpr Clock::time_point kNever = Clock::time_point::max();
// The text of a stored action that a bot (or a stand-in) decided.
constexpr const char* kByBot = "bot";

// The two streams of a chance key (RoomOptions::chance_key): chance outcomes,
// and the bots' seed. Distinct nonces give independent streams, so a player
// who recovers the bots' PCG32 state from their decisions learns nothing of
// the chance stream.
constexpr ChaChaNonce kChanceStream = {'c', 'h', 'a', 'n', 'c', 'e'};
constexpr ChaChaNonce kBotsStream = {'b', 'o', 't', 's'};

// Words are kept per observer: the spectator first, then each seat.
std::size_t observer_index(Seat observer) {
  return observer == kSpectator ? 0 : static_cast<std::size_t>(observer) + 1;
}

// The store refused or failed a write: no verdict on the move, which a bot
// or chance may make again once the store is back (a database
// outage read as "the bot chose an illegal action" halted tables for good).
bool store_failed(const Error& e) {
  return e.code == store::errc::kFenced || e.code == store::errc::kUnavailable ||
         e.code == meeple::errc::kIo;
}

// A notice about a seat in words: `name` plays it now, `before` did.
std::string seat_words(std::string_view lang, SeatNotice n, const std::string& name,
                       const std::string& before = "") {
  using enum SeatNotice;
  if (lang == "it") switch (n) {
      case kTakesTheSeat:
        return fmt::format("{} prende il posto di {}", name, before);
      case kYouTakeTheSeat:
        return fmt::format("prendi il posto di {}", before);
      case kAway:
        return fmt::format("{} non è al tavolo: un bot gioca al suo posto finché non torna", name);
      case kYouAreAway:
        return "non eri al tavolo: un bot gioca al tuo posto finché non torni";
      case kTimeIsUp:
        return fmt::format("il tempo di {} è scaduto: un bot gioca al suo posto finché non torna",
                           name);
      case kYourTimeIsUp:
        return "il tuo tempo è scaduto: un bot gioca al tuo posto finché non torni";
      case kIsBack:
        return fmt::format("{} è di nuovo al tavolo", name);
      case kYouAreBack:
        return "sei di nuovo al tavolo: giochi tu il tuo posto";
      case kIsLate:
        return fmt::format("il tempo di {} è scaduto: il tavolo lo aspetta", name);
      case kYouAreLate:
        return "il tuo tempo è scaduto: il tavolo ti aspetta";
      case kOffered:
        return fmt::format(
            "chi ospita il tavolo offre il posto di {} a una nuova persona: tutte le persone "
            "sedute devono essere d'accordo",
            name);
      case kOpen:
        return fmt::format("il posto di {} è aperto: una nuova persona può prenderlo", name);
      case kNotOpened:
        return fmt::format(
            "il posto di {} resta chiuso: non tutte le persone sedute sono d'accordo", name);
      case kWithdrawn:
        return fmt::format("il posto di {} non è più offerto", name);
    }
  if (lang == "ko") switch (n) {
      case kTakesTheSeat:
        return fmt::format("{} 님이 {} 님의 자리에 앉습니다", name, before);
      case kYouTakeTheSeat:
        return fmt::format("{} 님의 자리에 앉았습니다", before);
      case kAway:
        return fmt::format("{} 님이 자리를 비워 돌아올 때까지 봇이 대신 둡니다", name);
      case kYouAreAway:
        return "자리를 비워 돌아올 때까지 봇이 대신 둡니다";
      case kTimeIsUp:
        return fmt::format("{} 님의 시간이 다 되어 돌아올 때까지 봇이 대신 둡니다", name);
      case kYourTimeIsUp:
        return "시간이 다 되어 돌아올 때까지 봇이 대신 둡니다";
      case kIsBack:
        return fmt::format("{} 님이 돌아왔습니다", name);
      case kYouAreBack:
        return "돌아왔습니다. 다시 직접 둡니다";
      case kIsLate:
        return fmt::format("{} 님의 시간이 다 되었습니다. 테이블이 기다립니다", name);
      case kYouAreLate:
        return "시간이 다 되었습니다. 테이블이 기다립니다";
      case kOffered:
        return fmt::format(
            "호스트가 {} 님의 자리를 새 플레이어에게 내주려 합니다. 앉아 있는 모두가 동의해야 "
            "합니다",
            name);
      case kOpen:
        return fmt::format("{} 님의 자리가 열렸습니다. 새 플레이어가 앉을 수 있습니다", name);
      case kNotOpened:
        return fmt::format("앉아 있는 모두가 동의하지 않아 {} 님의 자리는 열리지 않습니다", name);
      case kWithdrawn:
        return fmt::format("{} 님의 자리는 더 이상 새 플레이어에게 열려 있지 않습니다", name);
    }
  switch (n) {
    case kTakesTheSeat:
      return fmt::format("{} takes {}'s seat", name, before);
    case kYouTakeTheSeat:
      return fmt::format("you take {}'s seat", before);
    case kAway:
      return fmt::format("{} is away: a bot plays for them until they are back", name);
    case kYouAreAway:
      return "you were away: a bot plays for you until you are back";
    case kTimeIsUp:
      return fmt::format("{}'s time ran out: a bot plays for them until they are back", name);
    case kYourTimeIsUp:
      return "your time ran out: a bot plays for you until you are back";
    case kIsBack:
      return fmt::format("{} is back", name);
    case kYouAreBack:
      return "you are back: you play your seat again";
    case kIsLate:
      return fmt::format("{}'s time ran out: the table waits for them", name);
    case kYouAreLate:
      return "your time ran out: the table waits for you";
    case kOffered:
      return fmt::format("the host offers {}'s seat to a new player: everyone seated must agree",
                         name);
    case kOpen:
      return fmt::format("{}'s seat is open: a new player may take it", name);
    case kNotOpened:
      return fmt::format("{}'s seat stays closed: not everyone seated agreed", name);
    case kWithdrawn:
      return fmt::format("{}'s seat is no longer offered to a new player", name);
  }
  return {};
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

namespace {
// The undo event in words, for the seat that took its move back and for
// everyone else.
std::string undo_words(std::string_view lang, bool self, const std::string& name) {
  if (lang == "it") return self ? "annulli la tua mossa" : name + " annulla una mossa";
  if (lang == "ko") return self ? "수를 물렀습니다" : name + " 님이 수를 물렀습니다";
  return self ? "you take back your move" : name + " takes back a move";
}
}  // namespace

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

std::vector<Room::Decision> Room::decisions(Seat seat) const {
  // Every event but a chat line or a notice is one record entry, in the same order.
  std::vector<Decision> out;
  const GameRecord record = with_json(record_);
  std::size_t r = 0;
  for (std::size_t i = 0; i < events_.size() && r < record.actions.size(); ++i) {
    if (events_[i].chat || events_[i].notice) continue;
    const RecordedAction& a = record.actions[r++];
    if (a.seat != seat) continue;
    if (a.undo) {
      if (!out.empty()) out.pop_back();
    } else {
      out.push_back({a.json, i});
    }
  }
  return out;
}

Action Room::draw_chance() {
  if (options_.chance_script)
    if (const std::optional<Action> a = options_.chance_script(version_)) return *a;
  const ChanceList outcomes = state_.chance_outcomes();
  return chance_ ? sample_chance(outcomes, *chance_) : sample_chance(outcomes, rng_);
}

void Room::start_clock(Clock::time_point now) {
  for (std::size_t i = 0; i < config_.size(); ++i) {
    const bool waits = config_[i].kind == SeatKind::kPerson &&
                       to_act().contains(static_cast<Seat>(i)) && options_.move_clock.count() > 0;
    if (!waits)
      deadline_[i] = kNever;
    else if (deadline_[i] == kNever)
      deadline_[i] = now + options_.move_clock;
  }
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

std::optional<WallClock::time_point> Room::deadline(Seat seat) const {
  if (seat < 0 || seat >= num_players()) return std::nullopt;
  const Clock::time_point d = deadline_[static_cast<std::size_t>(seat)];
  if (d == kNever) return std::nullopt;
  return WallClock::now() + std::chrono::duration_cast<WallClock::duration>(d - Clock::now());
}

std::vector<Seat> Room::overdue(Clock::time_point now) const {
  std::vector<Seat> out;
  for (std::size_t i = 0; i < config_.size(); ++i)
    if (config_[i].kind == SeatKind::kPerson && !seat_info_[i].stand_in && now >= deadline_[i])
      out.push_back(static_cast<Seat>(i));
  return out;
}

void Room::set_connected(Seat seat, bool connected, Clock::time_point now) {
  if (seat < 0 || seat >= num_players()) return;
  const auto i = static_cast<std::size_t>(seat);
  if (config_[i].kind != SeatKind::kPerson) return;
  seat_info_[i].connected = connected;
  left_at_[i] = connected ? kNever : now;
  if (!connected) left_wall_[i] = wall_now();
  if (connected) end_stand_in(i);
}

void Room::end_stand_in(std::size_t i) {
  if (!seat_info_[i].stand_in) return;
  seat_info_[i].stand_in = false;
  notice(static_cast<Seat>(i), [&](std::string_view lang, bool self) {
    return seat_words(lang, self ? SeatNotice::kYouAreBack : SeatNotice::kIsBack,
                      seat_info_[i].name);
  });
}

std::optional<WallClock::time_point> Room::stand_in_at(Seat seat) const {
  if (seat < 0 || seat >= num_players() || !options_.stand_ins) return std::nullopt;
  const auto i = static_cast<std::size_t>(seat);
  if (config_[i].kind != SeatKind::kPerson || seat_info_[i].stand_in || left_at_[i] == kNever)
    return std::nullopt;
  return left_wall_[i] + options_.grace;
}

std::optional<WallClock::time_point> Room::away_since(Seat seat) const {
  if (seat < 0 || seat >= num_players()) return std::nullopt;
  const auto i = static_cast<std::size_t>(seat);
  if (config_[i].kind != SeatKind::kPerson || left_at_[i] == kNever) return std::nullopt;
  return left_wall_[i];
}

void Room::set_away_since(Seat seat, WallClock::time_point since) {
  if (seat < 0 || seat >= num_players()) return;
  const auto i = static_cast<std::size_t>(seat);
  if (config_[i].kind != SeatKind::kPerson) return;
  seat_info_[i].connected = false;
  left_wall_[i] = since;
  left_at_[i] =
      Clock::now() - std::chrono::duration_cast<Clock::duration>(WallClock::now() - since);
}

MaybeError Room::stand_in(Seat seat) {
  if (seat < 0 || seat >= num_players() ||
      config_[static_cast<std::size_t>(seat)].kind != SeatKind::kPerson)
    return make_error(errc::kBadSeat, fmt::format("seat {} is not a person's", seat));
  const auto i = static_cast<std::size_t>(seat);
  if (seat_info_[i].connected)
    return make_error(errc::kSeatTaken,
                      fmt::format("{} is at the table: a stand-in plays only for someone away",
                                  seat_info_[i].name));
  if (!seat_info_[i].stand_in) start_stand_in(i, SeatNotice::kAway);
  return std::nullopt;
}

void Room::start_stand_in(std::size_t i, SeatNotice why) {
  if (observers_[i] == nullptr) brief(i);
  seat_info_[i].stand_in = true;
  deadline_[i] = kNever;
  notice(static_cast<Seat>(i), [&](std::string_view lang, bool self) {
    return seat_words(
        lang,
        self ? (why == SeatNotice::kAway ? SeatNotice::kYouAreAway : SeatNotice::kYourTimeIsUp)
             : why,
        seat_info_[i].name);
  });
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

bool Room::tick(Clock::time_point now) {
  if (options_.move_clock.count() > 0 && deadline_ == std::vector(config_.size(), kNever))
    start_clock(now);
  bool changed = false;
  for (std::size_t i = 0; i < config_.size(); ++i) {
    if (config_[i].kind != SeatKind::kPerson || seat_info_[i].stand_in) continue;
    const bool out_of_time = now >= deadline_[i];
    if (!options_.stand_ins) {
      if (out_of_time && !seat_info_[i].late) {
        seat_info_[i].late = true;
        notice(static_cast<Seat>(i), [&](std::string_view lang, bool self) {
          return seat_words(lang, self ? SeatNotice::kYouAreLate : SeatNotice::kIsLate,
                            seat_info_[i].name);
        });
        changed = true;
      }
      continue;
    }
    const bool away = left_at_[i] != kNever && now - left_at_[i] >= options_.grace;
    if (out_of_time || away) {
      start_stand_in(i, out_of_time ? SeatNotice::kTimeIsUp : SeatNotice::kAway);
      changed = true;
    }
  }
  return changed;
}

std::string Room::text_view(Seat observer, std::string_view lang, int detail) const {
  return state_.text_view(observer, lang, detail);
}

std::vector<Choice> Room::choices(Seat seat, std::string_view lang) const {
  std::vector<Choice> out;
  if (!to_act().contains(seat)) return out;
  for (Action a : state_.primary_actions(seat))
    out.push_back({a, state_.action_to_json(seat, a), state_.describe_action(seat, a, lang)});
  return out;
}

void Room::write_choices(Seat seat, std::string_view lang, JsonWriter& w) const {
  w.begin_array();
  if (to_act().contains(seat))
    for (Action a : state_.primary_actions(seat)) {
      w.begin_object();
      w.field("action", a);
      w.key("json");
      state_.write_action(seat, a, w);
      w.field("words", state_.describe_action(seat, a, lang));
      w.end_object();
    }
  w.end_array();
}

void Room::EventWords::add(std::string text) {
  auto it = std::find(texts_.begin(), texts_.end(), text);
  if (it == texts_.end()) it = texts_.insert(texts_.end(), std::move(text));
  pick_.push_back(static_cast<std::uint8_t>(it - texts_.begin()));
}

void Room::EventWords::add_as(std::size_t k) {
  pick_.push_back(pick_[k]);
}

bool Room::has_free_actions(Seat seat) const {
  return to_act().contains(seat) &&
         state_.legal_actions(seat).size() != state_.primary_actions(seat).size();
}

std::vector<Choice> Room::free_choices(Seat seat, std::string_view lang) const {
  std::vector<Choice> out;
  if (!to_act().contains(seat)) return out;
  const ActionList primary = state_.primary_actions(seat);
  for (Action a : state_.legal_actions(seat))
    if (std::find(primary.begin(), primary.end(), a) == primary.end())
      out.push_back({a, state_.action_to_json(seat, a), state_.describe_action(seat, a, lang)});
  return out;
}

std::string Room::describe(Seat seat, Action a, std::string_view lang) const {
  return state_.describe_action(seat, a, lang);
}

std::string Room::event_words(std::size_t i, Seat observer, std::string_view lang) const {
  if (events_[i].chat) return {};
  const int li = language_index(lang);
  const EventWords& w = words_[i];
  if (w.empty() || li < 0 ||
      (observer != kSpectator && (observer < 0 || observer >= num_players())))
    return {};
  return w.at(observer_index(observer), static_cast<std::size_t>(li), options_.languages.size());
}

std::vector<std::string> Room::events_for(Seat observer, std::size_t from,
                                          std::string_view lang) const {
  std::vector<std::string> out;
  for (std::size_t i = from; i < events_.size(); ++i)
    if (std::string w = event_words(i, observer, lang); !w.empty()) out.push_back(std::move(w));
  return out;
}

std::vector<ChatLine> Room::chat_lines(std::size_t from, std::size_t to, std::size_t limit) const {
  // chat_events_ is sorted: the lines in [from, to) are a run of it.
  const auto first = std::lower_bound(chat_events_.begin(), chat_events_.end(), from);
  const auto last = std::lower_bound(first, chat_events_.end(), to);
  const auto n = static_cast<std::size_t>(last - first);
  return chat_before(static_cast<std::size_t>(last - chat_events_.begin()), std::min(n, limit));
}

std::vector<ChatLine> Room::chat_before(std::size_t before, std::size_t limit) const {
  before = std::min(before, chat_events_.size());
  std::vector<ChatLine> out;
  for (std::size_t k = before - std::min(before, limit); k < before; ++k) {
    const TableEvent& e = events_[chat_events_[k]];
    out.push_back({k, e.actor, e.text});
  }
  return out;
}

GameRecord Room::with_json(GameRecord r) const {
  // Played again from the start as brief() does: an undo goes back to the
  // state before the decision it takes back.
  AnyState s = initial_;
  UndoTrail trail;
  for (RecordedAction& a : r.actions) {
    if (a.undo) {
      s = trail.take_back().before;
      continue;
    }
    a.json = s.action_to_json(a.seat, a.action);
    AnyState before = s;
    if (s.apply(a.seat, a.action)) break;  // cannot happen: every action was applied once
    trail.record(std::move(before), a.seat, a.action, true);
  }
  return r;
}

Expected<GameRecord> Room::record() const {
  if (!state_.is_terminal())
    return make_error(errc::kUnfinished,
                      "the record holds hidden information: it is shown once the game is over");
  GameRecord r = with_json(record_);
  r.result = state_.result_json();
  return r;
}

GameRecord Room::record_so_far() const {
  GameRecord r = with_json(record_);
  if (state_.is_terminal()) r.result = state_.result_json();
  return r;
}

namespace {

// The hints people asked for, each by the step it was asked at.
Json hint_steps(const GameRecord& record) {
  Json hints = Json::array();
  for (const HintMark& h : record.hints) hints.push_back({{"seat", h.seat}, {"step", h.at}});
  return hints;
}

}  // namespace

Expected<Json> replay_json(const AnyGame& game, const GameRecord& record, Seat observer,
                           std::string_view lang, std::optional<std::size_t> step) {
  if (observer != kSpectator && (observer < 0 || observer >= record.players))
    return make_error(errc::kBadSeat, fmt::format("there is no seat {}", observer));
  if (!is_language(lang)) lang = "en";
  const std::size_t steps = record.actions.size() + 1;
  if (step && *step >= steps)
    return make_error(meeple::errc::kMalformedRequest,
                      fmt::format("the record has {} steps (0 to {})", steps, steps - 1));
  auto start = game.new_game(record.params, record.players);
  if (!start) return start.error();
  AnyState state = std::move(*start);
  const bool events = state.has_events();
  Json out = {{"game", record.game},    {"players", record.players}, {"seat", observer},
              {"lang", lang},           {"seats", record.seats},     {"count", steps},
              {"result", record.result}};
  out["hints"] = hint_steps(record);
  Json list = Json::array();
  if (!step) list.push_back({{"actor", nullptr}, {"words", ""}, {"events", Json::array()}});
  const std::size_t last = step ? *step : record.actions.size();
  UndoTrail trail;  // tags: the step of each decision
  for (std::size_t i = 0; i < last; ++i) {
    const RecordedAction& ra = record.actions[i];
    if (ra.undo) {
      if (trail.available(ra.seat) == 0)
        return make_error(meeple::errc::kCorruptRecord,
                          fmt::format("entry {} of the record takes back nothing", i));
      UndoTrail::Step back = trail.take_back();
      state = std::move(back.before);
      if (!step) {
        // As the table told it: to whoever was told of the decision.
        const std::string name = ra.seat < static_cast<Seat>(record.seats.size())
                                     ? record.seats[static_cast<std::size_t>(ra.seat)]
                                     : std::string();
        Json told = Json::array();
        if (!list[back.tag + 1]["events"].empty())
          told.push_back(undo_words(lang, observer == ra.seat, name));
        list.push_back({{"actor", ra.seat},
                        {"words", undo_words(lang, true, name)},
                        {"undo", true},
                        {"events", std::move(told)}});
      }
      continue;
    }
    Action a = ra.action;
    if (a < 0) {
      auto parsed = state.action_from_json(ra.seat, ra.json);
      if (!parsed) return make_error(meeple::errc::kCorruptRecord, parsed.error().message);
      a = *parsed;
    }
    if (!step) {
      Json told = Json::array();
      if (events)
        if (std::string w = state.describe_event(observer, ra.seat, a, lang); !w.empty())
          told.push_back(std::move(w));
      list.push_back(
          {{"actor", ra.seat},
           {"words", ra.seat == kChance ? std::string() : state.describe_action(ra.seat, a, lang)},
           {"events", std::move(told)}});
    }
    AnyState before = state;
    if (auto e = state.apply(ra.seat, a))
      return make_error(meeple::errc::kCorruptRecord,
                        fmt::format("action {} of the record: {}", i, e->message));
    trail.record(std::move(before), ra.seat, a, true, i);
  }
  if (!step) {
    out["steps"] = std::move(list);
    return out;
  }
  Json to_act = Json::array();
  if (!state.is_terminal() && !state.is_chance())
    for (Seat s = 0; s < state.num_players(); ++s)
      if (state.to_act().contains(s)) to_act.push_back(s);
  out["step"] = *step;
  out["view"] = state.view(observer);
  out["to_act"] = std::move(to_act);
  out["terminal"] = state.is_terminal();
  return out;
}

}  // namespace meeple::room
