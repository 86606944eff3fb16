#include "cli/registry.h"

#include <algorithm>

namespace meeple::cli {

namespace {

// Filled by the static RegisterCommand objects of the command files, before
// main() runs (a function's static: it exists before the first of them).
std::vector<Command>& registry() {
  static std::vector<Command> commands;
  return commands;
}

}  // namespace

RegisterCommand::RegisterCommand(Command c) {
  registry().push_back(std::move(c));
}

std::vector<Command> registered_commands() {
  std::vector<Command> commands = registry();
  // Static objects of several files start in an order the language leaves
  // open: the place orders them.
  std::stable_sort(commands.begin(), commands.end(),
                   [](const Command& a, const Command& b) { return a.place < b.place; });
  return commands;
}

void add_registered_commands(CLI::App& app, std::vector<std::pair<CLI::App*, RunCommand>>& run) {
  for (const Command& c : registered_commands()) {
    RunCommand runner = c.add(app);
    run.emplace_back(app.get_subcommand(c.name), std::move(runner));
  }
  for (CLI::App* sub : app.get_subcommands({}))
    for (CLI::Option* opt : sub->get_options()) {
      // Seeds are unsigned: "-5" would wrap around to 2^64 - 5.
      if (opt->check_lname("seed")) opt->check(CLI::NonNegativeNumber);
      if (opt->check_lname("lang")) opt->check(CLI::IsMember({"en", "it", "ko"}));
    }
}

}  // namespace meeple::cli
