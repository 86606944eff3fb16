// The subcommands of meeple, each declared by its own file: a file that
// defines a command registers it at start-up (a static RegisterCommand), with
// the options it takes and how to run it; main() builds the command line
// from whatever is registered and runs the one asked for. Adding a command
// edits no list: its file registers it, and cli/CMakeLists.txt links every
// file of meeple_cli_lib into the binary (a static library would leave out
// files nothing refers to).
#pragma once

#include <functional>
#include <iosfwd>
#include <vector>

#include <CLI/CLI.hpp>

namespace meeple::cli {

// Runs a parsed command with the process's streams; returns its exit code.
using RunCommand = std::function<int(std::istream& in, std::ostream& out, std::ostream& err)>;

struct Command {
  // Its place in `meeple --help` (lower first): the commands for programs,
  // then bots, then people, then the server and its store.
  int place;
  const char* name;
  // Adds the subcommand `name` to `app` with its options, bound to arguments
  // the returned function owns, and returns that function (called once
  // the command line is parsed, if this command was given).
  std::function<RunCommand(CLI::App& app)> add;
};

// Every registered command, in order of place.
std::vector<Command> registered_commands();

// A static one of these in a command's file registers the command.
struct RegisterCommand {
  explicit RegisterCommand(Command c);
};

// `app` with every registered command, ready to parse; `run` is given each
// command's runner (by name) to call after parsing. Options every command
// shares a meaning for are checked alike (--seed non-negative, --lang a
// language meeple speaks).
void add_registered_commands(CLI::App& app, std::vector<std::pair<CLI::App*, RunCommand>>& run);

}  // namespace meeple::cli
