// `meeple engine` (docs/engine-protocol.md): a game driven by another program
// over JSON lines. An Engine answers one request line with one response line;
// cmd_engine (cli/commands.h) runs one over stdin and stdout, and tests drive
// one in-process.
#pragma once

#include <memory>
#include <string>

namespace meeple::cli {

class Engine {
 public:
  Engine();
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;
  // The response (one line of JSON, no newline) to a request line. Sets
  // `quit` after a quit request.
  std::string handle(const std::string& line, bool& quit);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace meeple::cli
