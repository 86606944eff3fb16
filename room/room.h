// Layer 6 (room/): the authoritative table, with no sockets and no database
// code. A Room holds the true state of one game and everything around it:
// who sits where (a person, a bot, or an empty seat that the game's own bot
// plays), a version number that increases with every applied action (stale
// moves are refused), the table's secret generator for chance, bot turns, the
// record, the events of the game in words for each observer, table chat
// through the game's chat rule, and per-move clocks. Terminal play and the
// server are its clients: the first holds one Room, the second one a table.
//
// Hidden information is structural: nothing here hands out the true state.
// Every read is for one observer (a seat or kSpectator): its view, its legal
// choices, the events as it saw them. The full record (it holds every chance
// outcome) is given only once the game is over.
//
// Taking back a move: a person may take back their own latest decisions as
// long as nothing became known since (core/undo.h). The undo is an entry of
// the record and the store like an action; everyone told of the decision is
// told it was taken back.
//
// Durability: when the room has a store, every action and chat line is
// appended to it before the room changes or tells anyone; if the store
// refuses, the room stays as it was and the caller gets the store's error.
// With RoomOptions::write_behind (the server) the room keeps its writes for
// its owner instead, who tells nobody until the store holds them.
//
// A Room is not thread-safe: its owner serializes calls (the server runs
// each table on one strand).
//
// Its parts, one job a file: room.cpp (opening, resuming, acting, undo,
// chat, bots, durability), room_clocks.cpp (presence, clocks, stand-ins),
// room_reading.cpp (what an observer reads, the record); beneath it the
// types of their own: EventWords (event_words.h, an event told to every
// observer in every language), the notices' words (notice_words.h) and a
// finished game told again step by step (replay.h, replay_json).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bots/bot.h"
#include "core/chacha_rng.h"
#include "core/undo.h"
#include "room/event_words.h"
#include "room/notice_words.h"
#include "store/store.h"

namespace meeple::room {

namespace errc {
inline constexpr const char* kStale = "action/stale";
inline constexpr const char* kBadSeat = "seat/invalid";
inline constexpr const char* kBotFailed = "bot/illegal";
inline constexpr const char* kChatTooLong = "chat/too_long";
// A chat line is one line of text: no newlines or other control characters
// (a line break could make a chat line read like the table's own events).
inline constexpr const char* kChatNotALine = "chat/not_a_line";
inline constexpr const char* kUnfinished = "table/unfinished";
inline constexpr const char* kNothingToUndo = "undo/none";
inline constexpr const char* kUndoOff = "undo/off";
inline constexpr const char* kSeatTaken = "seat/taken";  // the same code as the server's
}  // namespace errc

using Clock = std::chrono::steady_clock;
using WallClock = std::chrono::system_clock;  // what people read; stored with entries

enum class SeatKind { kPerson, kBot, kEmpty };

struct SeatConfig {
  SeatKind kind = SeatKind::kEmpty;
  std::string name;  // a person's display name
  std::string bot;   // the bot spec for kBot ("ismcts:hard"); empty seats use the game's default
};

struct RoomOptions {
  // The table's generator when it has no chance_key: it draws every chance
  // outcome and seeds every bot's generator, so a seed gives the same game
  // (terminal play's --seed, a guided game's fixed deal).
  std::uint64_t seed = 1;
  // A 256-bit secret (a server table's, fresh from the OS at every start and
  // resume, never stored): chance outcomes come from its ChaCha20 keystream
  // (core/chacha_rng.h) and the bots' generator from another stream of it;
  // `seed` is then not used. PCG32's state can be recovered from enough of its
  // outputs, so seeded tables let a player who watches the rolls and the
  // draws predict the next cards; the keystream cannot be predicted without
  // the key, and watching the bots (whose generator stays PCG32, for speed)
  // tells nothing of it. Outcomes drawn are in the record either way: replays
  // need no key.
  std::optional<ChaChaKey> chance_key;
  // Languages the events are told in (en, it, ko); clients pick one of them.
  std::vector<std::string> languages = {"en"};
  // Time a person has for each decision; zero: no clock. When it runs out, or
  // when a person has been away longer than `grace`, the game's own bot plays
  // for that seat until the person acts or comes back.
  std::chrono::milliseconds move_clock{0};
  std::chrono::milliseconds grace{60000};
  // Whether stand-ins play for people at all. False: the table waits for
  // them; being away brings no stand-in, and a clock that runs out only
  // marks the person late (SeatInfo::late), everyone told.
  bool stand_ins = true;
  std::size_t max_chat_bytes = 500;
  // People may take back their own decisions (core/undo.h); off for
  // arena-style tables.
  bool undo = true;
  // With a store: the id to create the table under (empty: the store picks
  // one) and options stored with it (the server keeps its seat plan there, to
  // resume the table after a restart).
  store::TableId table_id;
  Json table_options = Json::object();
  // The lease every write names (store/store.h): the default single node's,
  // or the one this node acquired for table_id. A write refused as fenced
  // (store/fenced) means another node has taken the table.
  store::Lease lease;
  // Write-behind (the server): the room does not wait for the store. Each
  // write is kept in the room, in order, until its owner takes them
  // (Room::take_writes) and has the store write them (TableStore::write_async).
  // The owner then tells nobody of anything the room did since until the
  // store holds it; when such a write fails, the owner drops the room and
  // rebuilds it from the store (which has none of the failed write). Off:
  // every write is durable before the room changes (the default).
  bool write_behind = false;
  // Tests only: the outcome of the chance step at `version` instead of the
  // generator's (a scripted deal: the same game with other hidden cards);
  // no function, or nullopt: the generator draws. An outcome that is not
  // one of the state's is refused like a bot's illegal action.
  std::function<std::optional<Action>(std::uint64_t version)> chance_script;
};

// A bot's decision to be made away from the room's thread: the seat's
// determinization (never the true state), a generator of its own, and the
// bot. It owns everything it reads except the bot (see next_bot_turn).
struct BotTurn {
  Seat seat = kChance;
  std::uint64_t version = 0;
  Bot* bot = nullptr;
  AnyState info;
  Rng rng;
};
// Runs the bot (any thread): one of info.legal_actions(seat).
inline Action think(BotTurn& turn) {
  return turn.bot->choose(turn.info, turn.seat, turn.rng);
}

// A seat as every observer sees it.
struct SeatInfo {
  SeatKind kind = SeatKind::kEmpty;
  std::string name;       // a person's name, or the bot's name
  bool stand_in = false;  // a person's seat that a bot is playing for now
  bool connected = true;  // people only
  bool late = false;      // the person's clock ran out at a table that waits for them
};

// Something that happened at the table, in order: an applied action (chance
// included), a chat line, or a notice of who plays a seat (a seat changes
// hands, a stand-in starts or stops playing for a person).
struct TableEvent {
  std::uint64_t version = 0;  // the room's version after it
  bool chat = false;
  bool undo = false;    // `actor` took back its latest decision
  bool notice = false;  // about `actor`'s seat; no entry of the record
  Seat actor = kChance;
  std::string text;  // the chat line
};

// A chat line as clients get it: its number among the table's chat lines
// (for asking for earlier ones), the seat that said it, and its text. Chat
// is never an event: clients show it as what a person said.
struct ChatLine {
  std::size_t number = 0;
  Seat seat = kChance;
  std::string text;
};

// One choice of a seat that must decide: the action, its JSON form and words.
struct Choice {
  Action action = -1;
  Json json;
  std::string words;
};

class Room;

// Where a room reports: called after each event is durable and applied.
class Sink {
 public:
  virtual ~Sink() = default;
  virtual void on_event(const Room& room, const TableEvent& event) = 0;
};

class Room {
 public:
  // A room for a new game. seats.size() must equal the state's players; bot
  // specs are checked (bot/unknown). With a store, the table is created there.
  static Expected<std::unique_ptr<Room>> open(const AnyGame& game, const Json& params,
                                              std::vector<SeatConfig> seats, RoomOptions options,
                                              store::TableStore* store = nullptr,
                                              Sink* sink = nullptr);
  // A room rebuilt from a stored table (after a restart): every entry is
  // applied again, so play continues at the same point.
  static Expected<std::unique_ptr<Room>> resume(const AnyGame& game,
                                                const store::TableRecord& table,
                                                std::vector<SeatConfig> seats, RoomOptions options,
                                                store::TableStore* store = nullptr,
                                                Sink* sink = nullptr);

  // --- Acting. Errors leave the room unchanged.
  // `seat` plays `a` at `version` (action/stale if the room moved on,
  // action/not_your_turn, action/illegal, seat/invalid, or the store's error).
  MaybeError act(Seat seat, std::uint64_t version, Action a);
  // The same from the action's JSON form (action/malformed when unreadable).
  MaybeError act_json(Seat seat, std::uint64_t version, const Json& action);
  // `seat` (a person) takes back its latest decision at `version`: the room
  // goes back to the state before it (undo/off, undo/none, action/stale,
  // seat/invalid, or the store's error).
  MaybeError undo(Seat seat, std::uint64_t version);
  // How many of its latest decisions `seat` may take back now (0 at a table
  // without undo, and for bots).
  int undo_available(Seat seat) const;
  // A chat line from `seat`: one line of text (chat/not_a_line), at most
  // max_chat_bytes (chat/too_long), checked by the game's chat rule (e.g.
  // First Contact's chat/names_characteristic).
  MaybeError chat(Seat seat, std::string_view text);
  // Resolves chance and lets bots (and stand-ins) decide until only people
  // must act or the game is over. An error means a bot chose an illegal
  // action or the store refused; the room is left before that action.
  MaybeError advance();
  // advance() in steps, for an owner whose bots think on other threads (the
  // server): resolves chance until a bot (or stand-in) must decide, only
  // people must act, or the game is over, and returns the bot's turn in the
  // first case. Until that turn is applied the bot object is in use: the
  // owner then commits nothing else to this room (act, advance); reading and
  // chat are fine.
  Expected<std::optional<BotTurn>> next_bot_turn();
  // Applies the decision made for `turn` (action/stale if the room moved on;
  // bot/illegal if the bot chose badly).
  MaybeError apply_bot_turn(const BotTurn& turn, Action a);

  // --- Hints (bots/hint.h). The position as `seat` knows it: a
  // determinization for the seat (never the true state), drawn from a
  // generator of the version and the seat alone, so two tables the seat
  // cannot tell apart give the same position, and asking changes none of the
  // table's generators. What a hint may be computed from, on any thread.
  AnyState knowledge(Seat seat) const;
  // Marks the record: `seat`'s person was given a hint now (a store entry of
  // kind "hint", then GameRecord::hints). Nothing else changes: no version,
  // no event. seat/invalid, or the store's error.
  MaybeError mark_hint(Seat seat);

  // --- Who plays a seat, changed during the game (a host replaces a person
  // by a bot or a bot by a person). Stored as an entry of kind "seat" (json:
  // kind, name, bot, and `owner`, the owner's own data such as a token hash)
  // before it takes effect; Room::resume replays it. A new bot that learns
  // from what happens (Bot::observes) is first shown the seat's whole
  // history, as if it had sat there from the start (see brief). Not while a
  // BotTurn is out. seat/invalid, action/game_over, bot/unknown, or the
  // store's error.
  MaybeError replace_seat(Seat seat, SeatConfig config, Json owner = Json::object());

  // --- Presence and clocks (the caller passes the time, so tests can too).
  // A person connects or leaves; back in time, they take their seat again.
  // A person whose stand-in played is back: everyone is told.
  void set_connected(Seat seat, bool connected, Clock::time_point now);
  // The stand-in of an away person starts playing now rather than after the
  // grace (the host asked; the person gets the seat back by coming back).
  // seat/invalid when the seat is not a person's, seat/taken while the
  // person is connected. Everyone is told.
  MaybeError stand_in(Seat seat);
  // Tells everyone `n` about `seat`, a notice that changes nothing in the
  // room (a bot's seat offered to a newcomer: kOffered, kOpen, kNotOpened,
  // kWithdrawn), in every language, named by the seat's player now.
  void announce(Seat seat, SeatNotice n);
  // The people's seats whose clock ran out and that no stand-in plays yet
  // (an owner that gives such seats to a bot for good asks before tick()).
  std::vector<Seat> overdue(Clock::time_point now) const;
  // When a stand-in will start playing for `seat`, a person away at a table
  // with stand-ins (the countdown everyone sees); nothing otherwise.
  std::optional<WallClock::time_point> stand_in_at(Seat seat) const;
  // When the person of `seat` left (nothing while they are connected, and
  // for a seat a bot plays).
  std::optional<WallClock::time_point> away_since(Seat seat) const;
  // The person of `seat` has been away since `since`: a table read again
  // from the store after it left memory goes on as if it had stayed (their
  // stand-in comes at the time it would have, told by stand_in_at).
  void set_away_since(Seat seat, WallClock::time_point since);
  // Puts a stand-in bot on every person's seat whose clock ran out or who has
  // been away too long (at a table without stand-ins, marks those whose clock
  // ran out late instead). Returns true when a seat changed (call advance()).
  // A stand-in that learns is shown the seat's history the first time it
  // takes over and follows the game from then on, so it always knows what
  // the seat saw.
  bool tick(Clock::time_point now);

  // --- Reading, always for one observer.
  const AnyGame& game() const { return *game_; }
  const store::TableId& table_id() const { return table_id_; }
  // With write_behind: the writes kept since the last call, in order, as one
  // write (empty when there are none).
  store::Write take_writes();
  std::uint64_t version() const { return version_; }
  int num_players() const { return static_cast<int>(config_.size()); }
  bool finished() const { return state_.is_terminal(); }
  SeatSet to_act() const;  // empty while chance is pending or the game is over
  // When the table last moved (its latest action or undo; its start before
  // any): what the seats to act have been waiting since. Kept across a
  // restart (Store entries carry their time).
  WallClock::time_point moved_at() const { return moved_at_; }
  // When the seat's clock runs out, while it must act at a table with one.
  std::optional<WallClock::time_point> deadline(Seat seat) const;
  bool must_act(Seat seat) const { return to_act().contains(seat); }
  const std::vector<SeatInfo>& seats() const { return seat_info_; }
  Json view(Seat observer) const { return state_.view(observer); }
  // view(observer).dump(), written directly by games that can.
  std::string view_text(Seat observer, JsonTape* tape = nullptr) const {
    return state_.view_text(observer, tape);
  }
  bool views_public() const { return state_.views_public(); }  // every view is the spectator's
  // The board in words; `detail` as core/game.h's kTextDetail*.
  std::string text_view(Seat observer, std::string_view lang, int detail = kTextDetailFull) const;
  // The seat's choices now (the game's primary actions; empty if it need not act).
  std::vector<Choice> choices(Seat seat, std::string_view lang) const;
  // The same as a JSON array of {action, json, words}, written as text.
  void write_choices(Seat seat, std::string_view lang, JsonWriter& w) const;
  // Whether the seat may now also take actions its choices leave out (free
  // moves such as First Contact's note-pad edits, given in JSON form).
  bool has_free_actions(Seat seat) const;
  // Those free actions, with their JSON forms and words (empty if none).
  std::vector<Choice> free_choices(Seat seat, std::string_view lang) const;
  // The words for one of the seat's legal actions ("" if the game has none).
  std::string describe(Seat seat, Action a, std::string_view lang) const;
  // Events from index `from` on, in words for `observer` in `lang` (one of the
  // room's languages); events the observer saw nothing of are left out, and
  // so are chat lines (chat_lines). Games without event words give only the
  // table's notices (has_event_words() is false).
  bool has_event_words() const { return state_.has_events(); }
  std::vector<std::string> events_for(Seat observer, std::size_t from, std::string_view lang) const;
  // One event in words for `observer` ("" when it saw nothing of it).
  std::string event_words(std::size_t i, Seat observer, std::string_view lang) const;
  std::size_t event_count() const { return events_.size(); }
  const TableEvent& event(std::size_t i) const { return events_[i]; }
  // The chat lines among events [from, to), the last `limit` of them.
  std::vector<ChatLine> chat_lines(std::size_t from, std::size_t to, std::size_t limit) const;
  // The `limit` chat lines before the one numbered `before` (a page of earlier chat).
  std::vector<ChatLine> chat_before(std::size_t before, std::size_t limit) const;
  std::size_t chat_count() const { return chat_events_.size(); }
  // The seat's own decisions in the order it made them, those it took back
  // left out: each action's JSON form and the index of its event. Only what
  // the seat itself did (the guide reads it, room/guide.h).
  struct Decision {
    Json json;
    std::size_t event = 0;
  };
  std::vector<Decision> decisions(Seat seat) const;
  // Result once finished: scores, ranks, winners and details.
  Json result_json() const { return state_.result_json(); }
  GameResult result() const { return state_.result(); }
  // The whole record, chance included: only once the game is over.
  Expected<GameRecord> record() const;
  // The record so far, finished or not. It holds what every seat hid (the
  // deal, the draws): for the owner of a local game only (terminal play
  // keeps its games to resume them), never for a player at a shared table.
  GameRecord record_so_far() const;
  // The bot of a seat: the one playing it, or a person's stand-in (for tests
  // and tools; it sees only what the seat may know).
  const Bot* bot(Seat seat) const { return bots_[static_cast<std::size_t>(seat)].get(); }

 private:
  Room(const AnyGame& game, AnyState state, std::vector<SeatConfig> seats, RoomOptions options,
       store::TableStore* store, Sink* sink);
  MaybeError seat_bots();
  // Shows the seat's bot, if it learns, everything the seat saw so far, as
  // show_bots did for a bot there from the start (the first state, then the
  // state after each action, each determinized for the seat), and makes it
  // an observer from now on.
  void brief(std::size_t seat);
  // `r` (record_ or a copy) with each action's JSON form filled in.
  GameRecord with_json(GameRecord r) const;
  // Validates, stores, applies and reports one action; `by_person`: a
  // person decided it (a bot's decision is no person's to take back).
  MaybeError commit(Seat seat, Action a, bool by_person);
  // Applies a stored undo of `seat` made at `at` (checked by the caller).
  void take_back(Seat seat, WallClock::time_point at);
  Bot* player_bot(Seat seat);  // the bot deciding for this seat now, if any
  int language_index(std::string_view lang) const;
  void start_clock(Clock::time_point now);
  // A stored entry of `kind` by `seat`, stamped with `at`.
  static store::Entry entry(std::string kind, Seat seat, WallClock::time_point at);
  // The time now to the millisecond, as entries store it (so a room resumed
  // from its entries tells the same times).
  static WallClock::time_point wall_now();
  Action draw_chance();  // the script's outcome, or the chance key's or the seed's
  // Puts the stand-in on a person's seat (`why`: kAway or kTimeIsUp) and says so.
  void start_stand_in(std::size_t seat, SeatNotice why);
  // The person plays their seat again (they acted or came back) and everyone is told.
  void end_stand_in(std::size_t seat);
  // Tells everyone a notice about `seat`: `words(lang, self)` in each of the
  // room's languages (self: the text for the seat's own player).
  void notice(Seat seat, const std::function<std::string(std::string_view, bool)>& words);

  static constexpr Clock::time_point kNever = Clock::time_point::max();

  const AnyGame* game_;
  AnyState initial_;  // the state before the first action (to brief late bots)
  AnyState state_;
  std::vector<SeatConfig> config_;
  std::vector<SeatInfo> seat_info_;
  RoomOptions options_;
  // Writes `entries` (and with `result`, the game's end) to the store, or
  // keeps them (write_behind).
  MaybeError write(std::span<const store::Entry> entries, const Json* result = nullptr);
  store::TableStore* store_;
  store::Write kept_;  // write_behind: not taken yet
  Sink* sink_;
  store::TableId table_id_;
  std::uint64_t version_ = 0;
  // Without a chance key, the generator of chance and of every bot's turn
  // (split off per turn); with one, of bots' turns only, seeded from the key's
  // bots stream.
  Rng rng_;
  std::unique_ptr<ChaChaRng> chance_;  // chance outcomes, when opened with a chance key
  Rng watch_;  // observing bots' own generator: chance draws never depend on them
  std::vector<std::unique_ptr<Bot>> bots_;  // per seat: its bot or stand-in
  std::vector<Bot*> observers_;             // per seat, for show_bots
  bool any_observer_ = false;
  std::vector<Clock::time_point> deadline_;       // per seat; max() when none
  std::vector<Clock::time_point> left_at_;        // per seat; max() while connected
  std::vector<WallClock::time_point> left_wall_;  // per seat: when it left, as people read time
  WallClock::time_point moved_at_ = WallClock::now();
  // The game so far: seats, options and each action as its number (a JSON
  // tree per action would cost hundreds of bytes a move of every live
  // table); with_json() writes the actions' JSON forms when one is asked for.
  GameRecord record_;
  UndoTrail trail_;  // tags: the event index of each decision
  std::vector<TableEvent> events_;
  std::vector<std::size_t> chat_events_;  // the index in events_ of each chat line
  std::vector<EventWords> words_;         // per event (empty for a chat line)
};

}  // namespace meeple::room
