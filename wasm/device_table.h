// The engine on the player's device (docs/web.md, "Play on this device"):
// tables of bots and people sharing one device, driven by JSON requests and
// answered in JSON, as `meeple engine` is (docs/engine-protocol.md), with the
// same shapes of legal actions, moves, views and records: they come from the
// same functions (core/state_json.h, core/record.h, bots/bot.h), so a table
// here and one in `meeple engine` give the same answers byte for byte.
//
// It links the engine's layers only (core, games, search, bots): no store,
// room, server or command line. Built to WebAssembly (wasm/bindings.cpp) for
// the web client's worker, and natively for the test that compares the two
// (wasm/trace_main.cpp, tests/wasm_same_test.py).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "bots/bot.h"
#include "core/record.h"
#include "core/rng.h"

namespace meeple::wasm {

class DeviceTables {
 public:
  // One request, {"cmd": ..., "table": id, ...} (id default "main"), and its
  // answer: {"ok": true, ...} or {"ok": false, "error": {"code", "message"}}.
  // Commands: games; new {game, players, params, seed, names, chance};
  // load {record, seed}; status; legal {seat, primary, lang}; apply {seat,
  // action, lang}; view {seat, text, lang}; bot {seat, bot, apply, lang};
  // result; record; close. Never throws.
  Json handle(const Json& req);
  std::string handle_text(const std::string& line);

 private:
  struct Table {
    const AnyGame* game = nullptr;
    bool auto_chance = true;
    AnyState state;
    GameRecord record;
    Rng chance_rng;
    Rng bot_rng;
    std::map<Seat, std::pair<std::string, std::unique_ptr<Bot>>> bots;
  };
  Json dispatch(const std::string& cmd, const Json& req);
  Json fresh(const std::string& id, const Json& req);
  Json load(const std::string& id, const Json& req);
  Json apply(Table& t, const Json& req);
  Json bot(Table& t, const Json& req);
  Json view(const Table& t, const Json& req) const;
  Json commit(Table& t, Seat seat, Action a, const std::string& lang);
  Json resolve_chance(Table& t, const std::string& lang);
  Json status(const Table& t) const;

  std::map<std::string, Table> tables_;
};

}  // namespace meeple::wasm
