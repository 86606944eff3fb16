// `meeple engine`: games driven by another program over JSON lines
// (docs/engine-protocol.md), in the spirit of UCI and GTP. One request per
// input line, one response per request, in order (a `go` streams `info`
// lines before its response); every error is a response with
// {"ok": false, "error": {"code", "message"}} and changes nothing. The true
// states are the engine's: programs ask for views, legal actions and
// results, as the room's clients do. Several games live side by side, each
// under a game id; requests without one address the game "main".
#include "cli/engine.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "bots/bot.h"
#include "bots/hint.h"
#include "cli/commands.h"
#include "cli/game_facts.h"
#include "cli/programs.h"
#include "cli/registry.h"
#include "core/i18n.h"
#include "core/json_error.h"
#include "core/record.h"
#include "games/registry.h"

#include "cli/engine_protocol.h"

namespace meeple::cli {

namespace engine_protocol {

Json Protocol::handle(const Json& req, bool& quit, const Emit& emit,
                      const std::atomic<bool>* stop) {
  if (!req.is_object() || !req.contains("cmd") || !req["cmd"].is_string())
    return failure(bad_request("a request is a JSON object with \"cmd\""));
  const std::string cmd = req["cmd"].get<std::string>();
  const Request* r = find_request(cmd);
  if (r)
    if (auto e = unknown_field(*r, req)) return failure(*e);
  const Call call{.req = req, .emit = emit, .stop = stop, .quit = quit};
  if (r && r->scope == Scope::kFirst) return r->handler(*this, call);
  // Words come in the languages meeple speaks; anything else is refused
  // (as the command line's --lang is), not answered in English.
  if (req.contains("lang") &&
      !(req["lang"].is_string() && is_language(req["lang"].get<std::string>())))
    return failure(make_error(errc::kBadParam, "lang must be en, it or ko"));
  if (req.contains("game_id") && !valid_id(req["game_id"]))
    return failure(bad_request("game_id is a name of 1 to 40 letters, digits, '-' or '_'"));
  if (!r) {
    std::string names;
    for (const Request& known : requests())
      names += (names.empty() ? "" : ", ") + std::string(known.cmd);
    return failure(
        make_error(kUnknownCommand, fmt::format("no command '{}' (commands: {})", cmd, names)));
  }
  if (r->scope == Scope::kEngine) return r->handler(*this, call);
  if (r->scope == Scope::kGame) {
    const std::string id = id_of(req);
    auto at = games_.find(id);
    if (at == games_.end()) {
      if (games_.empty())
        return failure(make_error(kNoGame, "no game yet: start one with new or load"));
      return failure(make_error(kNoGame, fmt::format("no game '{}' (games: {})", id, ids())));
    }
    s_ = &at->second;
  }
  return named(req, r->handler(*this, call));
}

Json Protocol::failure(const Error& e) {
  return {{"ok", false}, {"error", {{"code", e.code}, {"message", e.message}}}};
}

const std::vector<Protocol::Request>& Protocol::requests() {
  using enum Scope;
  using P = Protocol;
  using C = const Call&;
  static const std::vector<Request> kRequests = {
      {"hello", {}, kEngine, [](P& p, C) { return p.hello(); }},
      {"games", {}, kEngine, [](P& p, C) { return p.games(); }},
      {"bots", {"game"}, kEngine, [](P& p, C c) { return p.bots(c.req); }},
      {"new",
       {"game", "players", "params", "names", "seed", "chance", "hide"},
       kNewGame,
       [](P& p, C c) { return p.fresh(c.req); }},
      {"load",
       {"record", "file", "state", "state_file", "game", "seed", "chance", "hide"},
       kNewGame,
       [](P& p, C c) { return p.load(c.req); }},
      {"fork", {"as"}, kGame, [](P& p, C c) { return p.fork(c.req); }},
      {"close", {}, kGame, [](P& p, C c) { return p.close(c.req); }},
      {"list", {}, kEngine, [](P& p, C) { return p.list(); }},
      {"status", {}, kGame, [](P& p, C) { return ok(p.status()); }},
      {"legal", {"seat", "primary"}, kGame, [](P& p, C c) { return p.legal(c.req); }},
      {"apply", {"seat", "action"}, kGame, [](P& p, C c) { return p.apply(c.req); }},
      {"view", {"seat", "text"}, kGame, [](P& p, C c) { return p.view(c.req); }},
      {"history", {"seat", "views", "from"}, kGame, [](P& p, C c) { return p.history(c.req); }},
      {"hide", {"seat"}, kGame, [](P& p, C c) { return p.hide(c.req); }},
      {"result", {}, kGame, [](P& p, C) { return p.result(); }},
      {"state", {}, kGame, [](P& p, C) { return p.state(); }},
      {"undo", {"steps"}, kGame, [](P& p, C c) { return p.undo(c.req); }},
      {"bot",
       {"seat", "bot", "iterations", "ms", "apply"},
       kGame,
       [](P& p, C c) { return p.bot(c.req); }},
      {"go",
       {"seat", "bot", "iterations", "ms", "apply", "infinite", "info_ms"},
       kGame,
       [](P& p, C c) { return p.go(c.req, c.emit, c.stop); }},
      {"hint",
       {"seat", "iterations", "ms", "seed", "top"},
       kGame,
       [](P& p, C c) { return p.hint_for(c.req, c.stop); }},
      // A go in progress has stopped already (the reader stops it).
      {"stop", {}, kEngine, [](P&, C) { return ok(Json::object()); }},
      {"save", {"file"}, kGame, [](P& p, C c) { return p.save(c.req); }},
      {"observation", {"seat"}, kGame, [](P& p, C c) { return p.observation(c.req); }},
      // Any quit ends the engine (its reader stops reading after it).
      {"quit",
       {},
       kFirst,
       [](P&, C c) {
         c.quit = true;
         return ok(Json::object());
       }},
  };
  return kRequests;
}

const Protocol::Request* Protocol::find_request(const std::string& cmd) {
  for (const Request& r : requests())
    if (cmd == r.cmd) return &r;
  return nullptr;
}

MaybeError Protocol::unknown_field(const Request& r, const Json& req) {
  for (const auto& [key, value] : req.items()) {
    if (key == "cmd" || key == "id" || key == "game_id" || key == "lang") continue;
    bool known = false;
    for (const char* f : r.fields) known = known || key == f;
    if (known) continue;
    std::string names;
    for (const char* f : r.fields) names += fmt::format("{}\"{}\"", names.empty() ? "" : ", ", f);
    return bad_request(
        fmt::format("{} has no field \"{}\" ({})", r.cmd, key,
                    r.fields.empty() ? "it takes none" : fmt::format("it takes {}", names)));
  }
  return std::nullopt;
}

Json Protocol::named(const Json& req, Json resp) {
  if (resp["ok"] == true && req.contains("game_id") && !resp.contains("game_id"))
    resp["game_id"] = req["game_id"];
  return resp;
}

Json Protocol::ok(Json fields) {
  Json j = {{"ok", true}};
  for (auto& [k, v] : fields.items()) j[k] = std::move(v);
  return j;
}

bool Protocol::valid_id(const Json& j) {
  if (!j.is_string()) return false;
  const auto& v = j.get_ref<const std::string&>();
  if (v.empty() || v.size() > 40) return false;
  for (char c : v)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') return false;
  return true;
}

std::string Protocol::id_of(const Json& req) {
  return req.contains("game_id") ? req["game_id"].get<std::string>() : kMainGame;
}

std::string Protocol::ids() const {
  std::string names;
  for (const auto& [id, g] : games_) names += (names.empty() ? "" : ", ") + id;
  return names;
}

MaybeError Protocol::room_for(const std::string& id) const {
  if (games_.size() >= kMaxGames && !games_.contains(id))
    return make_error(kTooManyGames, fmt::format("this engine holds at most {} games ({} now): "
                                                 "close one first",
                                                 kMaxGames, games_.size()));
  return std::nullopt;
}

}  // namespace engine_protocol

using engine_protocol::bad_request;
using engine_protocol::Protocol;

struct Engine::Impl {
  Protocol protocol;
};

Engine::Engine(BudgetCap cap) : impl_(std::make_unique<Impl>(Impl{Protocol(cap)})) {}
Engine::~Engine() = default;

std::string Engine::handle(const std::string& line, bool& quit,
                           const std::function<void(const std::string&)>& emit,
                           const std::atomic<bool>* stop) {
  Json req, resp;
  try {
    req = Json::parse(line);
  } catch (const Json::exception& e) {
    resp = Protocol::failure(bad_request(fmt::format("not a JSON line: {}", json_error_words(e))));
  }
  if (resp.is_null()) {
    const Json id = req.is_object() && req.contains("id") ? req["id"] : Json();
    Protocol::Emit streamed;
    if (emit)
      streamed = [&](Json j) {
        if (!id.is_null()) j["id"] = id;
        emit(j.dump());
      };
    try {
      resp = impl_->protocol.handle(req, quit, streamed, stop);
    } catch (const std::exception& e) {
      resp = Protocol::failure(make_error("engine/internal", e.what()));
    }
    if (!id.is_null()) resp["id"] = id;
  }
  return resp.dump();
}

namespace {

// The request lines, read on their own thread so that a stop (or a quit, or
// the end of the input) reaches a go while it searches: each go line gets a
// stop flag, which the next stop or quit line sets (and the end of the
// input, for a go without end).
class Reader {
 public:
  struct Line {
    std::string text;
    std::shared_ptr<std::atomic<bool>> stop;  // a go's
  };

  explicit Reader(std::istream& in) : thread_([this, &in] { run(in); }) {}
  ~Reader() { thread_.join(); }

  // The next line; nullopt at the end of the input.
  std::optional<Line> next() {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return !lines_.empty() || done_; });
    if (lines_.empty()) return std::nullopt;
    Line l = std::move(lines_.front());
    lines_.pop_front();
    return l;
  }

 private:
  // The request's cmd ("" when it has none), and whether it is a go
  // without end.
  static std::string cmd_of(const std::string& text, bool& infinite) {
    try {
      const Json j = Json::parse(text);
      if (j.is_object() && j.contains("cmd") && j["cmd"].is_string()) {
        infinite = j.value("infinite", Json(false)) == true;
        return j["cmd"].get<std::string>();
      }
    } catch (const Json::exception&) {
    }
    return {};
  }

  // Reads until the input ends or a quit (after which the engine ends, so
  // nothing more is read from a stream its caller may close).
  // The end of the input stops a go without end (one with a budget runs
  // it out: `echo '{"cmd": "go", "ms": 500}' | meeple engine` answers).
  void run(std::istream& in) {
    std::shared_ptr<std::atomic<bool>> go;
    bool go_infinite = false;
    for (std::string text; std::getline(in, text);) {
      if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
      bool infinite = false;
      const std::string cmd = cmd_of(text, infinite);
      Line line{.text = text, .stop = nullptr};
      if (cmd == "go") {
        go = line.stop = std::make_shared<std::atomic<bool>>(false);
        go_infinite = infinite;
      }
      if ((cmd == "stop" || cmd == "quit") && go) go->store(true);
      {
        std::lock_guard lock(mutex_);
        lines_.push_back(std::move(line));
      }
      ready_.notify_one();
      if (cmd == "quit") break;
    }
    if (go && go_infinite) go->store(true);
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    ready_.notify_one();
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Line> lines_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace

int cmd_engine(const EngineArgs& a, std::istream& in, std::ostream& out, std::ostream& err) {
  BudgetCap cap;
  if (!a.max_bot_budget.empty()) {
    auto read = read_budget_cap(a.max_bot_budget);
    if (!read) {
      err << "error: " << errc::kUsage
          << ": --max-bot-budget is seconds (Ns) and iterations (N), as in 600s,5000000\n";
      return 2;
    }
    cap = *read;
  }
  Engine engine(cap);
  // std::cin flushes std::cout before it reads: from the reader's thread,
  // that would race with this one's writes. Every line is flushed anyway.
  in.tie(nullptr);
  Reader reader(in);
  bool quit = false;
  auto emit = [&out](const std::string& line) { out << line << "\n" << std::flush; };
  while (!quit) {
    auto line = reader.next();
    if (!line) break;
    out << engine.handle(line->text, quit, emit, line->stop.get()) << "\n" << std::flush;
  }
  return 0;
}

namespace {

RunCommand add_engine(CLI::App& app) {
  auto a = std::make_shared<EngineArgs>();
  auto* c = app.add_subcommand(
      "engine", "Speak JSON lines on stdin/stdout for programs (docs/engine-protocol.md)");
  c->add_option("--max-bot-budget", a->max_bot_budget,
                "The most a bot or a go may search a decision: seconds (Ns) and "
                "iterations in all (N), as in 600s,5000000 (the default)");
  return [a](std::istream& in, std::ostream& out, std::ostream& err) {
    return cmd_engine(*a, in, out, err);
  };
}
const RegisterCommand kEngineCommand{{70, "engine", add_engine}};

}  // namespace

}  // namespace meeple::cli
