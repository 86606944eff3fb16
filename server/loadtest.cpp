#include "server/loadtest.h"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "core/error.h"
#include "core/json_tape.h"
#include "core/params.h"
#include "core/types.h"
#include "games/registry.h"

namespace meeple::server {

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using SteadyClock = std::chrono::steady_clock;

struct Target {
  std::string host = "127.0.0.1";
  std::string port = "8080";
};

Target parse_url(const std::string& url) {
  Target t;
  std::string rest = url;
  if (auto p = rest.find("://"); p != std::string::npos) rest = rest.substr(p + 3);
  if (auto p = rest.find('/'); p != std::string::npos) rest = rest.substr(0, p);
  if (auto p = rest.find(':'); p != std::string::npos) {
    t.host = rest.substr(0, p);
    t.port = rest.substr(p + 1);
  } else {
    t.host = rest;
    t.port = "80";
  }
  return t;
}

// The CPU time so far (user + system) of a process or thread whose stat file
// (/proc/PID/stat, /proc/PID/task/TID/stat) is `path`, in seconds; -1 if
// unknown.
double stat_cpu_seconds(const std::string& path) {
  std::ifstream f(path);
  std::string stat((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  const auto close = stat.rfind(')');  // the command name may hold spaces
  if (close == std::string::npos) return -1;
  std::istringstream rest(stat.substr(close + 2));
  std::string field;
  double ticks = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i)
    if (i == 14 || i == 15) ticks += std::stod(field);
  return ticks / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

double cpu_seconds(int pid) {
  return stat_cpu_seconds(fmt::format("/proc/{}/stat", pid));
}

// The CPU time so far of the server's commit thread, the one thread whose
// work does not spread over more cores (the stores name it meeple-commit);
// -1 if the process has none.
double commit_thread_cpu_seconds(int pid) {
  std::error_code ec;
  for (const auto& task :
       std::filesystem::directory_iterator(fmt::format("/proc/{}/task", pid), ec)) {
    std::ifstream comm(task.path() / "comm");
    std::string name;
    if (std::getline(comm, name) && name == "meeple-commit")
      return stat_cpu_seconds((task.path() / "stat").string());
  }
  return -1;
}

// The machine's 1-minute load average (other work competes for the cores).
double load_average() {
  std::ifstream f("/proc/loadavg");
  double l = -1;
  f >> l;
  return l;
}

long resident_kb(int pid) {
  std::ifstream f(fmt::format("/proc/{}/status", pid));
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

// What a scripted person reads of a message: its type, version and phase
// and the first choice's action, read from a tape of it (no tree, no copied
// strings: the load generator shares the machine with the server it measures).
struct Scan {
  std::string_view type, phase;
  std::uint64_t version = 0;
  std::optional<Action> first_choice;

  // False when `text` is not a JSON object.
  bool read(std::string_view text) {
    if (!tape_.read(text) || tape_.nodes()[0].kind != JsonTape::Kind::kObject) return false;
    const auto& n = tape_.nodes();
    for (std::size_t i = 1; i < n.size(); i = n[i].next) {
      const std::string_view key = text.substr(n[i].key_begin, n[i].key_end - n[i].key_begin);
      const std::string_view value = text.substr(n[i].begin, n[i].end - n[i].begin);
      if (key == "type" && n[i].kind == JsonTape::Kind::kString)
        type = value.substr(1, value.size() - 2);
      else if (key == "phase" && n[i].kind == JsonTape::Kind::kString)
        phase = value.substr(1, value.size() - 2);
      else if (key == "version")
        std::from_chars(value.data(), value.data() + value.size(), version);
      else if (key == "choices" && n[i].kind == JsonTape::Kind::kArray && n[i].next > i + 1 &&
               n[i + 1].kind == JsonTape::Kind::kObject)
        for (std::size_t j = i + 2; j < n[i + 1].next; j = n[j].next)
          if (text.substr(n[j].key_begin, n[j].key_end - n[j].key_begin) == "action") {
            Action a = 0;
            if (std::from_chars(text.data() + n[j].begin, text.data() + n[j].end, a).ec ==
                std::errc())
              first_choice = a;
          }
    }
    return true;
  }

 private:
  // Kept between messages: a tape's nodes are reused, not allocated again.
  static inline thread_local JsonTape tape_;
};

// Open loop: when a table's next action is due (shared by its people).
struct Pace {
  SteadyClock::time_point due;
  SteadyClock::duration interval{};
};

// One scripted person at one seat.
class Client : public std::enable_shared_from_this<Client> {
 public:
  struct Shared {
    std::vector<double> latencies_ms;
    std::uint64_t acked = 0;
    std::uint64_t errors = 0;
    int connected = 0;
    int refused = 0;  // connections that never opened (a handshake refused, ...)
    int finished = 0;
    bool measuring = false;
    bool stop = false;
  };
  Client(net::io_context& ioc, Shared& shared, std::string path, const std::string& token,
         std::shared_ptr<Pace> pace)
      : ws_(net::make_strand(ioc)),
        resolver_(ws_.get_executor()),
        timer_(ws_.get_executor()),
        shared_(shared),
        path_(std::move(path)),
        hello_(Json{{"type", "hello"}, {"token", token}}.dump()),
        pace_(std::move(pace)) {}

  void run(const Target& t) {
    host_ = t.host;
    resolver_.async_resolve(t.host, t.port, [self = shared_from_this()](auto ec, auto results) {
      if (ec) return self->fail();
      beast::get_lowest_layer(self->ws_).async_connect(
          results, [self](beast::error_code ec2, auto) {
            if (ec2) return self->fail();
            self->ws_.async_handshake(self->host_, self->path_, [self](beast::error_code ec3) {
              if (ec3) return self->fail();
              // The seat's token goes in the hello, never in the address.
              self->ws_.async_write(net::buffer(self->hello_),
                                    [self](beast::error_code ec4, std::size_t) {
                                      if (ec4) return self->fail();
                                      ++self->shared_.connected;
                                      self->connected_ = true;
                                      self->read();
                                    });
            });
          });
    });
  }

  void act_if_asked() {
    if (pending_ || !shared_.measuring || !choice_) return;
    if (pace_) {
      const auto now = SteadyClock::now();
      if (now < pace_->due) {
        if (!waiting_) {
          waiting_ = true;
          timer_.expires_at(pace_->due);
          timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
            self->waiting_ = false;
            if (!ec) self->act_if_asked();
          });
        }
        return;
      }
      pace_->due += pace_->interval;
    }
    out_ = Json{{"type", "act"}, {"version", version_}, {"action", *choice_}}.dump();
    choice_.reset();
    pending_ = true;
    sent_version_ = version_;
    sent_at_ = SteadyClock::now();
    ws_.async_write(net::buffer(out_), [self = shared_from_this()](beast::error_code ec, auto) {
      if (ec) self->fail();
    });
  }

  void close() {
    timer_.cancel();
    beast::get_lowest_layer(ws_).close();
  }

 private:
  void read() {
    ws_.async_read(buf_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->fail();
      self->on_message(beast::buffers_to_string(self->buf_.data()));
      self->buf_.consume(self->buf_.size());
      if (!self->shared_.stop) self->read();
    });
  }

  void on_message(const std::string& text) {
    Scan m;
    if (!m.read(text)) return;
    if (m.type == "error") {
      ++shared_.errors;
      pending_ = false;
      return;
    }
    if (m.type != "state") return;
    version_ = m.version;
    if (pending_ && version_ > sent_version_) {
      pending_ = false;
      ++shared_.acked;
      shared_.latencies_ms.push_back(
          std::chrono::duration<double, std::milli>(SteadyClock::now() - sent_at_).count());
    }
    if (m.phase == "finished" && !done_) {
      done_ = true;
      ++shared_.finished;
    }
    choice_ = m.first_choice;
    act_if_asked();
  }

  void fail() {
    if (!connected_) ++shared_.refused;
  }

  websocket::stream<beast::tcp_stream> ws_;
  tcp::resolver resolver_;
  net::steady_timer timer_;
  beast::flat_buffer buf_;
  Shared& shared_;
  bool connected_ = false;
  std::string path_, host_, out_;
  const std::string hello_;
  std::shared_ptr<Pace> pace_;  // open loop: the table's schedule
  bool waiting_ = false;
  std::uint64_t version_ = 0, sent_version_ = 0;
  std::optional<Action> choice_;
  bool pending_ = false, done_ = false;
  SteadyClock::time_point sent_at_;
};

// A small synchronous HTTP client for setting the tables up.
class Http {
 public:
  explicit Http(const Target& t) : t_(t), stream_(ioc_) {
    tcp::resolver r(ioc_);
    stream_.connect(r.resolve(t.host, t.port));
  }
  Expected<Json> post(const std::string& target, const Json& body) {
    http::request<http::string_body> req{http::verb::post, target, 11};
    req.set(http::field::host, t_.host);
    req.set(http::field::content_type, "application/json");
    req.body() = body.dump();
    req.prepare_payload();
    http::write(stream_, req);
    beast::flat_buffer b;
    http::response<http::string_body> res;
    http::read(stream_, b, res);
    Json j = Json::parse(res.body(), nullptr, false);
    if (res.result_int() >= 300 || j.is_discarded())
      return make_error("loadtest/http",
                        fmt::format("{} {}: {}", target, res.result_int(), res.body()));
    return j;
  }

 private:
  Target t_;
  net::io_context ioc_;
  beast::tcp_stream stream_;
};

double percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1));
  return v[i];
}

}  // namespace

int run_loadtest(const LoadtestArgs& a, std::ostream& out, std::ostream& err) {
  const Target target = parse_url(a.url);
  const long rss0 = a.server_pid ? resident_kb(a.server_pid) : -1;
  std::vector<std::string> paths, tokens;
  std::vector<int> table_of;  // per path
  Json params = Json::object();
  const AnyGame* game = find_game(a.game);
  for (const std::string& kv : a.params) {
    auto parsed = game ? parse_param_assignment(game->params_schema(), kv)
                       : Expected<std::pair<std::string, Json>>(
                             make_error(errc::kUnknownGame, "no game '" + a.game + "'"));
    if (!parsed) {
      err << "error: " << parsed.error().message << "\n";
      return 2;
    }
    params[parsed->first] = parsed->second;
  }
  try {
    Http http(target);
    Json seats = Json::array();
    for (int i = 0; i < a.players; ++i) seats.push_back({{"kind", "person"}});
    for (int i = 0; i < a.tables; ++i) {
      auto t = http.post("/api/tables", {{"game", a.game},
                                         {"params", params},
                                         {"seats", seats},
                                         {"public", false},
                                         {"languages", {a.lang}}});
      if (!t) {
        err << "error: " << t.error().message << "\n";
        // All its tables come from one address.
        if (t.error().message.find("table/too_many") != std::string::npos)
          err << "a server limits the tables one address makes (meeple serve "
                 "--max-tables-per-address 0)\n";
        return 2;
      }
      const std::string id = (*t)["id"];
      for (int s = 0; s < a.players; ++s) {
        auto j = http.post("/api/tables/" + id + "/join", {{"seat", s}, {"name", "load"}});
        if (!j) {
          err << "error: " << j.error().message << "\n";
          return 2;
        }
        paths.push_back("/ws/tables/" + id);
        tokens.push_back((*j)["token"].get<std::string>());
        table_of.push_back(i);
      }
    }
  } catch (const std::exception& e) {
    err << "error: cannot reach " << a.url << ": " << e.what() << "\n";
    return 2;
  }
  net::io_context ioc;
  Client::Shared shared;
  std::vector<std::shared_ptr<Client>> clients;
  std::vector<std::shared_ptr<Pace>> paces;
  if (a.rate > 0)
    for (int i = 0; i < a.tables; ++i) paces.push_back(std::make_shared<Pace>());
  for (std::size_t i = 0; i < paths.size(); ++i) {
    clients.push_back(std::make_shared<Client>(
        ioc, shared, paths[i], tokens[i],
        paces.empty() ? nullptr : paces[static_cast<std::size_t>(table_of[i])]));
    clients.back()->run(target);
  }
  // Connect everyone (bounded), then measure the idle tables' memory.
  const auto connect_deadline = SteadyClock::now() + std::chrono::seconds(60);
  while (shared.connected + shared.refused < static_cast<int>(paths.size()) &&
         SteadyClock::now() < connect_deadline)
    ioc.run_for(std::chrono::milliseconds(50));
  if (shared.connected < static_cast<int>(paths.size())) {
    // Figures for fewer tables than asked would mislead.
    err << fmt::format(
        "error: loadtest/connect: {} of {} connections opened; a server limits connections "
        "per address (meeple serve --max-connections-per-address)\n",
        shared.connected, paths.size());
    return 2;
  }
  ioc.run_for(std::chrono::milliseconds(500));
  const long rss_idle = a.server_pid ? resident_kb(a.server_pid) : -1;
  // Open loop: each table acts every tables / rate seconds, from a random
  // phase so that the tables do not act in step.
  const auto t0 = SteadyClock::now();
  if (a.rate > 0) {
    const auto interval = std::chrono::duration_cast<SteadyClock::duration>(
        std::chrono::duration<double>(a.tables / a.rate));
    std::uint64_t x = 0x9e3779b97f4a7c15ull;
    for (auto& p : paces) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;  // xorshift: a fixed spread of phases
      p->interval = interval;
      p->due = t0 + std::chrono::duration_cast<SteadyClock::duration>(
                        interval * (static_cast<double>(x % 1000000) / 1e6));
    }
  }
  const double cpu0 = a.server_pid ? cpu_seconds(a.server_pid) : -1;
  const double commit0 = a.server_pid ? commit_thread_cpu_seconds(a.server_pid) : -1;
  const double self0 = cpu_seconds(::getpid());
  const double load0 = load_average();
  shared.measuring = true;
  for (auto& c : clients) net::post(ioc, [c] { c->act_if_asked(); });
  const auto end = t0 + std::chrono::duration<double>(a.seconds);
  while (SteadyClock::now() < end && shared.finished < static_cast<int>(paths.size()))
    ioc.run_for(std::chrono::milliseconds(50));
  const double elapsed = std::chrono::duration<double>(SteadyClock::now() - t0).count();
  shared.measuring = false;
  const double cpu1 = a.server_pid ? cpu_seconds(a.server_pid) : -1;
  const double commit1 = a.server_pid ? commit_thread_cpu_seconds(a.server_pid) : -1;
  const double self1 = cpu_seconds(::getpid());
  const double load1 = load_average();
  const std::uint64_t acked = shared.acked;
  const long rss_busy = a.server_pid ? resident_kb(a.server_pid) : -1;
  shared.stop = true;
  for (auto& c : clients) net::post(ioc, [c] { c->close(); });
  ioc.run_for(std::chrono::milliseconds(500));
  auto lat = shared.latencies_ms;
  const double p50 = percentile(lat, 0.50), p99 = percentile(lat, 0.99),
               p999 = percentile(lat, 0.999), worst = lat.empty() ? 0 : lat.back();
  const double per_second = static_cast<double>(acked) / elapsed;
  // CPU seconds over the window, per durable action, in µs.
  const auto per_action = [&](double seconds) {
    return acked ? seconds * 1e6 / static_cast<double>(acked) : 0.0;
  };
  const bool commit_known = commit0 >= 0 && commit1 >= 0;
  Json report = {{"tables", a.tables},
                 {"mode", a.rate > 0 ? "open loop" : "closed loop"},
                 {"offered_actions_per_second", a.rate},
                 {"load_average", {load0, load1}},
                 {"loadtest_cpu_us_per_action", per_action(self1 - self0)},
                 {"connections", paths.size()},
                 {"connected", shared.connected},
                 {"game", a.game},
                 {"seconds", elapsed},
                 {"durable_actions", acked},
                 {"durable_actions_per_second", static_cast<double>(acked) / elapsed},
                 {"ack_p50_ms", p50},
                 {"ack_p99_ms", p99},
                 {"ack_p999_ms", p999},
                 {"ack_max_ms", worst},
                 {"errors", shared.errors},
                 {"tables_finished_seats", shared.finished}};
  if (a.server_pid) {
    report["server_rss_kb_before"] = rss0;
    report["server_rss_kb_idle"] = rss_idle;
    report["server_rss_kb_busy"] = rss_busy;
    report["kb_per_idle_table"] = static_cast<double>(rss_idle - rss0) / a.tables;
    report["server_cpu_seconds"] = cpu1 - cpu0;
    report["server_cpu_us_per_action"] = per_action(cpu1 - cpu0);
    if (commit_known)
      report["server_commit_thread_cpu_us_per_action"] = per_action(commit1 - commit0);
  }
  if (a.json) {
    out << report.dump(2) << "\n";
  } else {
    out << fmt::format(
        "{} tables ({} connections, {} connected), {}, {:.1f} s: {} durable actions, {:.0f}/s; "
        "act->ack p50 {:.2f} ms, p99 {:.2f} ms, p99.9 {:.2f} ms, max {:.2f} ms; {} errors; "
        "load average {:.1f} to {:.1f}\n",
        a.tables, paths.size(), shared.connected,
        a.rate > 0 ? fmt::format("open loop at {:.0f} actions/s offered", a.rate)
                   : std::string("closed loop"),
        elapsed, acked, per_second, p50, p99, p999, worst, shared.errors, load0, load1);
    if (a.server_pid)
      out << fmt::format(
          "server resident memory: {} KB before, {} KB idle ({:.1f} KB per table), "
          "{} KB busy; CPU per action: server {:.0f} us{}, loadtest {:.0f} us\n",
          rss0, rss_idle, static_cast<double>(rss_idle - rss0) / a.tables, rss_busy,
          per_action(cpu1 - cpu0),
          commit_known
              ? fmt::format(" (its commit thread {:.0f} us)", per_action(commit1 - commit0))
              : std::string(),
          per_action(self1 - self0));
  }
  return 0;
}

}  // namespace meeple::server
