// `meeple engine` (docs/engine-protocol.md): a game driven by another program
// over JSON lines. An Engine answers one request line with one response line;
// cmd_engine (cli/commands.h) runs one over stdin and stdout, and tests drive
// one in-process.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>

#include "bots/bot.h"

namespace meeple::cli {

class Engine {
 public:
  // `cap`: the most a bot or a go may search per decision.
  explicit Engine(BudgetCap cap = {});
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;
  // The response (one line of JSON, no newline) to a request line. Sets
  // `quit` after a quit request. A go streams its info lines (JSON, no
  // newline) to `emit` before it answers, and ends early once *stop is true
  // (without a stop flag, a go needs a budget).
  std::string handle(const std::string& line, bool& quit,
                     const std::function<void(const std::string&)>& emit = {},
                     const std::atomic<bool>* stop = nullptr);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace meeple::cli
