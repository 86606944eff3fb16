// Internal to server/: the shared state (Hub) and one table (Table).
//
// A Table is one serialized unit: every call below runs on its strand (post
// to it with Table::post), so its room::Room is never touched by two threads
// at once. Before the start a table is a lobby (seats being taken, rule
// options changeable by the host); at the start it opens its Room on the
// store (the seat plan, with token hashes, is stored with the table so a
// restarted server resumes it); after the end it keeps the record.
#pragma once

#include <boost/asio.hpp>

#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "room/guide.h"
#include "room/room.h"
#include "server/bot_scheduler.h"
#include "server/metrics.h"
#include "server/protocol.h"
#include "server/review_queue.h"
#include "server/server.h"

namespace meeple::server {

namespace net = boost::asio;

class Table;

// A WebSocket connection as a table sees it. Both calls are thread-safe.
class Peer {
 public:
  virtual ~Peer() = default;
  virtual void send(std::shared_ptr<const std::string> text) = 0;
  // Closes with a reason (sent as an error message first when `code` is set).
  virtual void close(const std::string& code, const std::string& reason) = 0;
};

// The shared state. Members are declared so that they are destroyed in a
// safe order: the tables first, then the I/O context (its pending handlers
// hold sessions, which hold tables, whose timers live on the table pool),
// then the pools, and the counters last.
struct Hub {
  Hub(ServerOptions o, store::Store& s)
      : options(std::move(o)),
        store(s),
        table_pool(static_cast<std::size_t>(options.table_threads)),
        bots(options.bot_threads),
        reviews(options.max_queued_reviews),
        ioc(options.threads) {}
  ServerOptions options;
  store::Store& store;
  Metrics metrics;
  std::atomic<bool> stopping{false};
  std::mutex peers_mutex;
  std::unordered_map<Peer*, std::weak_ptr<Peer>> peers;  // for shutdown
  net::thread_pool table_pool;
  BotScheduler bots;
  ReviewQueue reviews;  // GET .../review
  net::io_context ioc;
  // Open connections per client address (max_connections_per_address).
  std::mutex address_mutex;
  std::unordered_map<std::string, std::size_t> connections_by_address;

  std::shared_ptr<Table> find(const std::string& id);
  void add(const std::shared_ptr<Table>& t);
  // Forgets the table `t` if it is still the one under `id`.
  void remove(const std::string& id, const Table* t);
  // The table, or a finished one loaded from the store if it left memory
  // (evicted, or finished before a restart); null if neither. With several
  // nodes (shared()) also an unfinished table or lobby this node does not
  // hold: the router sent its request here, so the node acquires it (its
  // former holder loses it) and rebuilds it from the store. Reads the store:
  // call it on the table pool, not on a network thread.
  // table/unknown when there is no such table; store/unavailable when the
  // store cannot tell.
  Expected<std::shared_ptr<Table>> find_or_load(const std::string& id);
  // The table as it is now, read-only, for "my tables": the one in memory,
  // or one rebuilt from the store without acquiring it (it is not
  // registered, runs no bot and writes nothing). Null if there is none.
  std::shared_ptr<Table> peek(const std::string& id);
  std::vector<std::shared_ptr<Table>> all();

  // --- Several nodes (docs/scaling.md).
  bool shared() const { return !options.node.empty(); }
  // This process's name in the store's leases: the node's name and a random
  // suffix, so that a restarted node is a new holder.
  std::string owner;
  // Renews the leases of the tables held here (those another node took are
  // closed with table/moved), takes over tables whose node is gone, and
  // runs again a third of a lease later. Until stopping.
  void keep_leases();
  // The ids of the tables and lobbies this node runs (not the finished ones).
  std::vector<store::TableId> held();
  // A table that left memory because the store failed a write: read again
  // from the store every 2 s until the store answers (its bots and clocks go
  // on then, whether or not anyone asks for it).
  void reload_later(const std::string& id);
  void stop_reloads();
  // The lobby saved in the store under `id` (any node's), if any. Reads the store.
  std::optional<store::TableSpec> find_lobby(const std::string& id) const;
  std::unique_ptr<net::steady_timer> keeper;
  // The public tables not finished, lobbies first, as GET /api/tables lists
  // them, read from the store (every node's). Reads the store: on the pool.
  Json open_tables();

 private:
  // A table or lobby of the store, rebuilt; its writes name `lease`.
  std::shared_ptr<Table> rebuild(const std::string& id, const store::Lease& lease);
  void retry_reloads();
  std::mutex mutex_;
  std::unordered_set<std::string> reloads_;  // under mutex_
  std::unique_ptr<net::steady_timer> reload_timer_;
  std::mutex load_mutex_;  // one load of a table at a time
  std::unordered_map<std::string, std::shared_ptr<Table>> tables_;
};

// One seat as planned and as stored with the table.
struct SeatPlan {
  room::SeatKind kind = room::SeatKind::kPerson;
  std::string bot;         // kBot: the spec ("ismcts:medium", "heuristic")
  std::string name;        // a person's display name, once joined
  std::string token_hash;  // SHA-256 of the seat's token, once joined
};

enum class Phase { kLobby, kPlaying, kFinished };

class Table : public std::enable_shared_from_this<Table> {
  friend struct Hub;  // find_or_load links a loaded table to its rematch

 public:
  using Reply = std::function<void(Expected<Json>)>;

  // A new lobby from a POST /api/tables body; `host_token` receives the
  // host's secret. game/unknown, game/players, params/*, bot/unknown,
  // request/malformed.
  // `address`: the creator's, for the lobby limits (table/too_many).
  static Expected<std::shared_ptr<Table>> create(Hub& hub, const Json& request,
                                                 std::string& host_token,
                                                 const std::string& address = "");
  // A table rebuilt from the store: in play after a restart, or finished
  // (loaded again after it left memory).
  // `lease`: what its writes name (another node's table it took over).
  static Expected<std::shared_ptr<Table>> resume(Hub& hub, const store::TableRecord& t,
                                                 const store::Lease& lease = {});
  // A lobby rebuilt from its saved spec (store::Store::lobbies) after a restart.
  static Expected<std::shared_ptr<Table>> from_lobby(Hub& hub, const store::TableSpec& spec,
                                                     const store::Lease& lease = {});

  Table(Hub& hub, const AnyGame& game, std::string id);
  ~Table();

  template <class F>
  void post(F&& f) {
    net::post(strand_, std::forward<F>(f));
  }

  // Thread-safe, for listings: fixed at creation or atomic.
  const std::string& id() const { return id_; }
  bool is_public() const { return public_; }
  const std::string& rematch_of() const { return rematch_of_; }
  Phase phase() const { return phase_.load(); }
  bool halted() const { return halted_.load(); }
  Json summary() const;

  // --- On the strand.
  Expected<Json> join(const Json& body);
  // start | options | seat: host controls before the start.
  Expected<Json> host(const std::string& what, const Json& body);
  Expected<Json> record() const;
  // The table as the holder of `token` sees it, for "my tables" (POST
  // /api/my-tables): phase, seats, whose turn since when, result.
  Json status(const std::string& token) const;
  // The finished game step by step for one observer (room::replay_json).
  Expected<Json> replay(Seat observer, const std::string& lang,
                        std::optional<std::size_t> step) const;
  // A new lobby's id taken in the store for this node (with several nodes;
  // nothing otherwise). Before the first save_lobby.
  MaybeError claim();
  // Saves the lobby's spec and seat plan (token hashes included) in the
  // store, so a restart keeps it; nothing once the game has started.
  MaybeError save_lobby();
  // The table leaves this node's memory and its connections are closed with
  // `code` (table/moved: another node has taken it; store/unavailable: a
  // write's outcome is unknown). Clients reconnect (through the router) and
  // the node that gets them reads the table from the store again.
  void lose(const std::string& code, const std::string& why);
  // A new lobby with the same game, options and seats (people keep their
  // tokens); the host's token is the same too.
  // Once the game is over (table/unfinished before).
  Expected<std::shared_ptr<Table>> rematch(const Json& body, const std::string& address = "");
  // A connection's hello ({"type": "hello", "token"?, "lang"?}): the
  // token's seat (or the host's rights), then the whole picture in its
  // language. A token that opens nothing closes it with auth/token.
  void attach(const std::shared_ptr<Peer>& peer, const Json& hello,
              std::chrono::steady_clock::time_point received);
  void detach(Peer* peer);
  // With several nodes, whether the store knows this lobby differently: its
  // game started, or its saved seats hold `token_hash` (a copy another node
  // changed since this one last held it). Reads the store.
  bool stored_elsewhere(const std::string& token_hash) const;
  void on_message(Peer* peer, const Json& msg, std::chrono::steady_clock::time_point received);
  void close_all(const std::string& reason);
  // Called once the table is registered: starts bots and the clock of a
  // resumed table.
  void begin();

 private:
  struct Conn {
    std::weak_ptr<Peer> peer;
    Seat seat = kSpectator;
    bool host = false;
    std::string lang = "en";
    bool sent = false;
    std::uint64_t version = 0;  // the table's version at the last message
    std::size_t events_from = 0;
    bool has_view = false;  // the last message carried the view at `version`
  };
  // A seat's chat allowance: a token bucket (chat_per_minute, chat_burst).
  struct ChatAllowance {
    double lines = 0;
    std::chrono::steady_clock::time_point at;
  };
  // One observer's view at one version, as its text (the base of the next
  // patch; a few KB where a Json tree took tens). Observers whose views are
  // equal share one.
  struct ViewText {
    std::uint64_t version = 0;
    std::string text;
  };
  struct Publication;
  struct Deferred {
    Peer* peer;
    std::uint64_t version;
    Json action;
    std::chrono::steady_clock::time_point received;
  };

  MaybeError check_host(const Json& body) const;
  // A bot spec this server lets a table seat: one make_bot knows, searching
  // one tree, within max_bot_seconds and max_bot_iterations per decision.
  MaybeError check_bot(const std::string& spec) const;
  // Lobby limits for a new lobby from `address`: table/too_many.
  static MaybeError admit_lobby(Hub& hub, const std::string& address);
  // A lobby nobody started is dropped lobby_ttl after it was made.
  void arm_lobby_expiry();
  void expire_lobby();
  void chat(Conn& c, const Json& msg, std::chrono::steady_clock::time_point received);
  // The person gives up their seat: in the lobby it is free to join again,
  // during the game the game's bot takes it for good (everyone is told).
  void leave(Conn& c);
  // Reads the seat plan and table options stored under "server".
  MaybeError read_plan(const Json& server);
  MaybeError start();
  // The room's options for this table (its chance, languages, clocks, undo).
  room::RoomOptions room_options(const store::Lease& lease) const;
  // The host's seat control during the game (see the rules at its definition).
  Expected<Json> replace_seat(const Json& body);
  // Gives `seat` to `next` for good (stored; everyone is told): the host's
  // control on a bot's seat, or the takeover rule's.
  MaybeError hand_seat(Seat seat, SeatPlan next);
  Json seat_plan_json() const;
  // The options people see: undo, clock, turn-based, on_timeout, stand_in.
  Json table_options() const;
  Json seats_json() const;
  void drive();
  void on_bot(std::shared_ptr<room::BotTurn> turn, Action a);
  void act(Conn& c, Peer* peer, std::uint64_t version, const Json& action,
           std::chrono::steady_clock::time_point received);
  void publish(bool force = false);
  std::shared_ptr<const std::string> state_message(Publication& pub, Conn& c);
  std::shared_ptr<const std::string> lobby_message(const Conn& c) const;
  const ViewText& view_now(Publication& pub, Seat observer);
  const std::string* view_patch(Publication& pub, std::size_t slot);
  std::string seats_text() const;
  void send(Conn& c, const Json& msg);
  void deliver(Conn& c, std::shared_ptr<const std::string> text);
  void send_error(Conn& c, const Error& e);
  void arm_timer();
  // Gives each overdue seat of a table whose clock hands it over to a bot
  // for good (on_timeout "takeover").
  void take_over_overdue();
  // A person's decision taken back (room::Room::undo).
  void undo(Conn& c, std::uint64_t version);
  // A finished table with no connection leaves memory after finished_ttl.
  void maybe_evict();
  void after_change();

  Hub& hub_;
  const AnyGame* game_;
  std::string id_;
  net::strand<net::thread_pool::executor_type> strand_;
  net::steady_timer timer_;
  net::steady_timer evict_timer_;
  bool public_ = true;
  std::atomic<Phase> phase_{Phase::kLobby};
  std::atomic<int> free_seats_{0};
  int players_ = 0;
  Json params_ = Json::object();
  std::vector<SeatPlan> plan_;
  std::string host_hash_;
  std::chrono::milliseconds move_clock_{0};
  std::chrono::milliseconds grace_{60000};
  bool auto_start_ = true;
  std::string address_;          // the creator's (a lobby's limits); not stored
  std::int64_t created_ms_ = 0;  // when the lobby was made (ms since 1970), for its expiry
  std::vector<ChatAllowance> chat_allowance_;  // per seat
  bool undo_ = true;                           // people may take back moves
  bool turn_based_ = false;  // played over days: a day's clock, and the table waits by default
  // Stand-ins play for people away longer than grace_ or out of time (the
  // table's choice: "after" grace_, "now" with grace_ 0); false: the table
  // waits for them ("wait").
  bool stand_ins_ = true;
  bool takeover_ = false;  // on_timeout "takeover": a bot takes the seat for good
  // A guided first game (room/guide.h): the game's script, whose seed deals.
  std::optional<room::GuideScript> guide_;
  std::vector<std::string> languages_ = {"en", "it", "ko"};
  std::unique_ptr<room::Room> room_;
  bool thinking_ = false;
  std::uint64_t thinking_version_ = 0;
  std::deque<Deferred> deferred_;
  std::unordered_map<Peer*, Conn> conns_;
  std::string seats_text_;  // the seats as the last messages showed them
  // The last view computed per observer: [0] the spectator, [1 + seat].
  std::vector<std::shared_ptr<const ViewText>> views_;
  std::uint64_t counted_version_ = 0;
  std::string rematch_id_;
  std::string rematch_of_;           // the finished table this lobby is the rematch of
  std::atomic<bool> halted_{false};  // a rules failure (a bug): the table stops (logged)
  bool lost_ = false;                // another node holds it now (lose)
  store::Lease lease_;               // what this table's writes name
  // After a write the store refused as fenced (another node holds the
  // table) or unavailable (the outcome is unknown), the table leaves this
  // node's memory (lose); true then.
  bool store_refused(const Error& e);
};

}  // namespace meeple::server
