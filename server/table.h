// Internal to server/: one table.
//
// A Table is one serialized unit: every call below runs on its strand (post
// to it with Table::post), so its room::Room is never touched by two threads
// at once. The strand is the table's own (Table::drain): while the game is
// played it runs on its connections' network thread, else on the table
// pool. Before the start a table is a lobby (its Lobby: seats being taken,
// rule options changeable by the host); at the start it opens its Room on
// the store (the lobby, with token hashes, is stored with the table so a
// restarted server resumes it); after the end it keeps the record. Its
// Publisher tells its connections what changed.
//
// Its files, one job each: table.cpp, the table's life (its strand, made,
// resumed, registered, lost, resting, its record); table_lobby.cpp, the
// table before its game starts (saved, joined, its host's controls,
// expired, started, a rematch); seats.cpp, who plays a seat during the game
// (the host's seat control, a seat offered to a newcomer); match.cpp, the
// game as played (connections and their messages, bots, clocks, writes and
// publishing); hints.cpp, hints.
#pragma once

#include <boost/asio.hpp>

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "bots/hint.h"
#include "room/room.h"
#include "server/lobby.h"
#include "server/publisher.h"
#include "server/table_host.h"

namespace meeple::server {

// A table as GET /api/tables lists it.
Json summary_json(const std::string& id, const AnyGame& game, int players, Phase phase,
                  int free_seats, bool is_public);

// Who asks for a seat besides their account's id: the account's name (a
// rated seat shows it) and the client's address (an address_key; a seat
// taken during the game must be a newcomer's, server/seats.cpp).
// `rating` and `host_friend`: where the joiner stands to the table's
// audience (Viewer; Accounts::viewer reads them); a Joiner{} is a guest's.
struct Joiner {
  std::string account_name;
  std::string address;
  std::optional<double> rating;
  bool host_friend = false;
};

class Table : public std::enable_shared_from_this<Table> {
  friend struct Hub;  // find_or_load links a loaded table to its rematch

 public:
  // A new lobby from a POST /api/tables body (Lobby::from_request's codes);
  // `host_token` receives the host's secret; `maker`: who asks, for the
  // limits of what one party holds. Not registered yet: Hub::admit checks
  // those limits (table/too_many) and registers it.
  static Expected<std::shared_ptr<Table>> create(TableHost& hub, const Json& request,
                                                 std::string& host_token, const Maker& maker = {});
  // A table rebuilt from the store: in play after a restart, or finished
  // (loaded again after it left memory).
  // `lease`: what its writes name (another node's table it took over).
  static Expected<std::shared_ptr<Table>> resume(TableHost& hub, const store::TableRecord& t,
                                                 const store::Lease& lease = {});
  // A lobby rebuilt from its saved spec (store::TableStore::lobbies) after a restart.
  static Expected<std::shared_ptr<Table>> from_lobby(TableHost& hub, const store::TableSpec& spec,
                                                     const store::Lease& lease = {});

  Table(TableHost& hub, const AnyGame& game, std::string id);
  ~Table();

  // Runs f on the table's strand, after everything posted before it.
  template <class F>
  void post(F&& f) {
    enqueue(std::make_unique<Task<std::decay_t<F>>>(std::forward<F>(f)));
  }

  // Thread-safe, for listings: fixed at creation or atomic.
  const std::string& id() const { return id_; }
  bool is_public() const { return lobby_.is_public; }
  const std::string& rematch_of() const { return lobby_.rematch_of; }
  const std::string& address() const { return lobby_.address; }
  const std::string& host_account() const { return lobby_.host_account; }
  // What the listing filters by: the lobby's fields fixed when it was made
  // (game, players, languages, turn_based, rated, audience, host_rating,
  // host_account, created_ms); its seats and params are the strand's.
  const Lobby& settings() const { return lobby_; }
  // Some connection is open to it (a person at the lobby, a spectator).
  bool attended() const { return attended_.load(); }
  int free_seats() const { return free_seats_.load(); }
  int watching() const { return watching_.load(); }
  // A lobby chosen to make room for a newcomer's (Hub::admit): it no longer
  // counts, and make_room drops it on its strand.
  bool doomed() const { return doomed_.load(); }
  void doom() { doomed_ = true; }
  Phase phase() const { return phase_.load(); }
  bool halted() const { return halted_.load(); }
  Json summary() const;
  // A play-now table of this game and player count still waiting for
  // people, with a seat nobody was promised yet (play_now.h).
  bool waits_for(const AnyGame& game, int players) const;
  std::int64_t created_ms() const { return lobby_.created_ms; }
  // The order tables were made (or restored, oldest first) in this process:
  // what tells apart two of the same millisecond.
  std::uint64_t made() const { return made_; }
  // A seat of this play-now table is promised to a request on its way to
  // join (the matching, under Hub::play_now_mutex, counts it as taken);
  // join_promised() takes it, or gives it back when the join fails.
  void promise_seat() { promised_.fetch_add(1); }

  // --- On the strand. The table's life (table.cpp, table_lobby.cpp).
  // A new lobby made known: its id taken in the store for this node (with
  // several nodes) and its spec saved. Its summary and the host's token.
  Expected<Json> open(const std::string& host_token);
  // A person takes a seat: in the lobby a free one, during the game the
  // seat the host offered, once open, and only as a newcomer (join_playing).
  // `account`: the request's signed-in account ("" for a guest;
  // Lobby::check_account is the rated tables' rule: a rated seat shows
  // `who.account_name`, whatever name the body gives). Whoever the table's
  // audience leaves out is refused any seat, in the lobby and during the
  // game (table/not_for_you).
  Expected<Json> join(const Json& body, const std::string& account = "", const Joiner& who = {});
  // Before open(): the table is a play-now table whose free seats get `bot`
  // once `wait` has passed since it was made.
  void set_play_now(PlayNow p) { lobby_.play_now = std::move(p); }
  // join() for a request that was promised a seat (promise_seat); its answer
  // carries "waiting_until", when the bots fill the free seats.
  Expected<Json> join_promised(const Json& body, const std::string& account);
  // start | options | seat: host controls (seat during the game too).
  Expected<Json> host(const std::string& what, const Json& body);
  Expected<Json> record() const;
  // The table as the holder of `token` sees it, for "my tables" (POST
  // /api/my-tables): phase, seats, whose turn since when, result.
  Json status(const std::string& token) const;
  // The finished game step by step for one observer (room::replay_json).
  Expected<Json> replay(Seat observer, const std::string& lang,
                        std::optional<std::size_t> step) const;
  // A new lobby with the same game, options and seats (people keep their
  // tokens); the host's token is the same too. Once the game is over
  // (table/unfinished before).
  // Hub::admit's limits count it as `maker`'s (table/too_many), and admit
  // registers it.
  Expected<std::shared_ptr<Table>> rematch(const Json& body, const Maker& maker = {});
  // The table leaves this node's memory and its connections are closed with
  // `code` (table/moved: another node has taken it; store/unavailable: a
  // write's outcome is unknown). Clients reconnect (through the router) and
  // the node that gets them reads the table from the store again.
  void lose(const std::string& code, const std::string& why);
  // Called once the table is registered: starts bots and the clock of a
  // resumed table, or a lobby's expiry; a table nobody is connected to
  // leaves memory in time (maybe_evict).
  void begin();
  // A lobby doomed by Hub::admit is dropped (its connections get
  // table/expired); nothing if it has started meanwhile.
  void make_room();
  // Before begin(), for a table read again after it left memory: the
  // people who were away then (ms since 1970 per seat, 0: none) have been
  // away since, so that their stand-ins come when they would have.
  void restore_away(const std::vector<std::int64_t>& away_since);

  // --- On the strand. The game as played (match.cpp).
  // A connection's hello ({"type": "hello", "token"?, "lang"?}): the
  // token's seat (or the host's rights), then the whole picture in its
  // language. A token that opens nothing closes it with auth/token.
  void attach(const std::shared_ptr<Peer>& peer, const Json& hello,
              std::chrono::steady_clock::time_point received);
  void detach(Peer* peer);
  void on_message(Peer* peer, const Json& msg, std::chrono::steady_clock::time_point received);
  void close_all(const std::string& reason);

 private:
  // The strand. Its jobs run one at a time in the order posted, each time
  // on the executor chosen when a run begins: while the game is played on a
  // store that commits on a thread of its own, the network thread of the
  // table's connections (Hub::ioc_of), so that a person's action is applied
  // and its state sent without waking another thread; otherwise (the lobby,
  // a finished table, a store that writes on the caller's thread) the table
  // pool, where a blocking store call holds up no connection. A run that
  // sees the phase change goes on on the other executor.
  struct Job {
    virtual ~Job() = default;
    virtual void run() = 0;
  };
  template <class F>
  struct Task final : Job {
    explicit Task(F g) : f(std::move(g)) {}
    void run() override { f(); }
    F f;
  };
  struct Run;
  void enqueue(std::unique_ptr<Job> job);
  bool on_network() const;
  void schedule(bool network);
  void drain(bool network);
  // Jobs left when a run is dropped unrun (its executor stopped): they may
  // hold the table.
  void drop_jobs();
  // The timers' handlers, on the strand.
  template <class F>
  auto on_strand(F f) {
    return [self = shared_from_this(), f = std::move(f)](const boost::system::error_code& ec) {
      self->post([f, ec]() mutable { f(ec); });
    };
  }

  // A seat's chat allowance: a token bucket (chat_per_minute, chat_burst).
  struct ChatAllowance {
    double lines = 0;
    std::chrono::steady_clock::time_point at;
  };
  struct Deferred {
    Peer* peer;
    std::uint64_t version;
    Json action;
    std::chrono::steady_clock::time_point received;
  };

  // --- table.cpp, table_lobby.cpp
  // Saves the lobby's spec and seat plan (token hashes included) in the
  // store, so a restart keeps it; nothing once the game has started.
  MaybeError save_lobby();
  // A lobby nobody started is dropped lobby_ttl after it was made, a
  // guest's sooner when nobody has been at it for lobby_idle_ttl
  // (lobby_deadline_ms); a play-now table's free seats get its bot at its
  // starts_at instead.
  void arm_lobby_expiry();
  std::int64_t lobby_deadline_ms() const;
  // Drops the lobby (from the store too) and closes its connections with
  // table/expired, saying `why`.
  void expire_lobby(const std::string& why);
  // A play-now table's wait is over: bots take the free seats and the game
  // starts (a table nobody sits at any more is dropped).
  void fill_with_bots();
  // Counts the connections without a seat ("watching" in the summary).
  void count_watching();
  MaybeError start();
  // The host's seat control during the game (see the rules at its definition).
  Expected<Json> replace_seat(const Json& body);
  // --- seats.cpp: a bot's seat offered to a newcomer during the game.
  // The host's seat control asking for a person in `seat` (a bot plays it):
  // no token for the host; at a public table everyone seated is asked to
  // agree (vote), at a private one the seat opens at once. seat/offered
  // while another seat is offered.
  Expected<Json> offer_seat(Seat seat);
  // {"type": "vote", "seat": S, "yes": bool} from a seated person:
  // vote/none when no vote on S is under way.
  void vote(Conn& c, const Json& msg);
  // A join during the game: the open seat, for a person who holds no seat
  // here (seat/held): no seat token of this table among the body's
  // "tokens", not a seated person's account, not from an address a seated
  // person's connections came from.
  Expected<Json> join_playing(const Json& body, const std::string& account, const Joiner& who);
  // After a vote or a change of seats: an offer whose voters all agreed
  // opens (everyone is told).
  void settle_offer();
  // The offer as state messages show it ("" for none).
  std::string seat_offer_text() const;
  // An address (address_key) a connection or a join of `seat` came from.
  void note_address(Seat seat, const std::string& address);
  // Gives `seat` to `next` for good (stored; everyone is told): the host's
  // control on a bot's seat, the takeover rule's, or a person's leave.
  MaybeError hand_seat(Seat seat, SeatPlan next);
  // With several nodes, whether the store knows this lobby differently: its
  // game started, or its saved seats hold `token_hash` (a copy another node
  // changed since this one last held it). Reads the store.
  bool stored_elsewhere(const std::string& token_hash) const;
  // After a write the store refused as fenced (another node holds the
  // table) or unavailable (the outcome is unknown), the table leaves this
  // node's memory (lose); true then.
  bool store_refused(const Error& e);
  // A table with no connection leaves memory: a finished one after
  // finished_ttl, a started one after idle_table_ttl (rest).
  void maybe_evict();
  // A started table nobody is connected to leaves memory, unless its bots
  // are playing or something is under way (it tries again later), or its
  // clock or a stand-in acts within idle_table_ttl. It stays in the store;
  // the hub keeps what the limits and the listing need of it and reads it
  // again when asked for or when its clock or a stand-in is due (Hub::rest).
  void rest();
  // On the strand, before a change: a table that left memory (rest) but
  // was still reached by a request on its way takes its place in the hub
  // again; false when another copy was read from the store meanwhile (the
  // request is then refused with table/moved and tried again).
  bool awake();

  // --- hints.cpp
  // {"type": "hint"} from a person at their decision, at a table whose host
  // allows hints (docs/protocol.md): the search runs on the bot threads on
  // the seat's knowledge (Room::knowledge, never the true state); the
  // answer goes to the asking connection only, after the mark it makes in
  // the record (Room::mark_hint) is durable.
  void ask_hint(Conn& c, Peer* peer);
  void on_hint(Seat seat, std::uint64_t version, const std::string& lang, Peer* peer,
               Expected<Hint> h);
  // A hint message for `h`, asked at `version` (the choices' JSON forms from
  // the room's choices in `lang`).
  Json hint_message(Seat seat, std::uint64_t version, const std::string& lang, const Hint& h) const;
  // Per seat: a hint being searched, and the last answer (asking again at
  // the same decision in the same language gets it again, searched once
  // and marked once).
  struct SeatHints {
    bool busy = false;
    std::uint64_t marked = ~std::uint64_t{0};   // the version last marked in the record
    std::uint64_t version = ~std::uint64_t{0};  // of `answer`
    std::string lang;
    Json answer;
  };
  std::vector<SeatHints> hints_;

  // --- match.cpp
  void act(Conn& c, Peer* peer, std::uint64_t version, const Json& action,
           std::chrono::steady_clock::time_point received);
  // A person's decision taken back (room::Room::undo).
  void undo(Conn& c, std::uint64_t version);
  void chat(Conn& c, const Json& msg, std::chrono::steady_clock::time_point received);
  // The person gives up their seat: in the lobby it is free to join again,
  // during the game the game's bot takes it for good (everyone is told).
  void leave(Conn& c);
  void drive();
  void on_bot(std::shared_ptr<room::BotTurn> turn, Action a);
  void arm_timer();
  // Gives each overdue seat of a table whose clock hands it over to a bot
  // for good (on_timeout "takeover").
  void take_over_overdue();
  // Has the store write what the room kept (write-behind, Room::take_writes);
  // once nothing is being written: counts new actions, notices the end and
  // tells the connections. While a write is out, what the room did since the
  // last durable point is told to nobody: on_written publishes (drive).
  void publish(bool force = false);
  // A write of this table is durable (or refused: the table is lost and read
  // again from the store, which holds none of it).
  void on_written(MaybeError e);
  void after_change();
  // What the publisher reads of this table.
  Shown shown() const;
  void send_error(Conn& c, const Error& e);
  // One message to one connection, in order behind the writes out (above).
  void reply(Conn& c, Json msg);

  TableHost& hub_;  // the owner (the Hub), as far as a table needs it
  std::string id_;
  std::uint64_t made_;
  Lobby lobby_;
  std::mutex jobs_mutex_;
  std::vector<std::unique_ptr<Job>> jobs_;  // under jobs_mutex_, from jobs_next_ on
  std::size_t jobs_next_ = 0;
  bool running_ = false;     // a run is scheduled or under way (under jobs_mutex_)
  net::steady_timer timer_;  // on the network thread; handlers through on_strand
  net::steady_timer evict_timer_;
  std::atomic<Phase> phase_{Phase::kLobby};
  std::atomic<int> free_seats_{0};
  std::atomic<int> promised_{0};       // seats promised to play-now requests (promise_seat)
  std::atomic<int> watching_{0};       // connections without a seat
  std::atomic<bool> attended_{false};  // conns_ is not empty
  std::atomic<bool> doomed_{false};    // doom()
  // A lobby: when somebody was last at it (joined it, or a connection
  // closed; ms since 1970), for a guest's lobby_idle_ttl.
  std::int64_t attended_ms_ = 0;
  bool resting_ = false;                       // left memory by rest(), not awake() again
  std::vector<ChatAllowance> chat_allowance_;  // per seat
  // A bot's seat the host offers to a newcomer (seats.cpp): open to join,
  // or waiting for everyone seated to agree. In memory: a restart ends it.
  struct SeatOffer {
    Seat seat = kChance;
    bool open = false;
    std::vector<Seat> agreed;  // people's seats that said yes
  };
  std::optional<SeatOffer> offer_;
  std::string offer_text_;  // seat_offer_text() at the last change
  // Per seat, the addresses (address_key) its connections and join came
  // from at this table, at most kSeatAddresses: a newcomer's check, and the
  // rated pairs' (docs/ratings.md).
  static constexpr std::size_t kSeatAddresses = 8;
  std::vector<std::vector<std::string>> seat_addresses_;
  std::unique_ptr<room::Room> room_;
  bool thinking_ = false;
  int writing_ = 0;             // writes given to the store and not yet durable (0 or 1)
  bool force_waiting_ = false;  // a forced publish waits for them
  // Who sent each person's action being written (kept: not given to the
  // store yet), and when it was received (act→commit latency).
  std::vector<std::pair<Peer*, std::chrono::steady_clock::time_point>> acts_writing_, acts_kept_;
  // Replies (errors, pongs, pages) made while a write was out: sent after the
  // state it leads to, so each connection's messages keep the order of what
  // it asked.
  std::vector<std::pair<Peer*, Json>> replies_waiting_;
  // A vector, not a deque: an empty std::deque holds over half a KB, and
  // every table has one.
  std::vector<Deferred> deferred_;
  Conns conns_;
  Publisher publisher_;
  std::uint64_t counted_version_ = 0;
  std::string rematch_id_;
  std::atomic<bool> halted_{false};   // a rules failure (a bug): the table stops (logged)
  bool lost_ = false;                 // another node holds it now, or a write failed (lose)
  std::string lost_code_, lost_why_;  // what lose told its connections
  store::Lease lease_;                // what this table's writes name
};

}  // namespace meeple::server
