// meeple: one binary, many subcommands (docs/architecture.md). Each command's
// file registers it (cli/registry.h); main builds the command line from
// them, parses it and runs the one given.
#include <algorithm>
#include <iostream>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli/registry.h"
#include "core/error.h"

int main(int argc, char** argv) {
  using namespace meeple::cli;
  CLI::App app{"meeple: First Contact, First Giants and Ufo! fritti dallo spazio!"};
  app.require_subcommand(1);
  std::vector<std::pair<CLI::App*, RunCommand>> commands;
  add_registered_commands(app, commands);

  // Every refusal is one line, `error: <code>: <words>`, and exit status 2
  // (docs/architecture.md, Errors), the command line's own faults too:
  // usage/invalid instead of CLI11's exit codes 104-109.
  const auto usage = [](const std::string& why) {
    std::cerr << "error: " << meeple::errc::kUsage << ": " << why << " (meeple --help)\n";
    return 2;
  };
  if (argc > 1 && argv[1][0] != '-') {
    const auto subs = app.get_subcommands({});
    if (std::none_of(subs.begin(), subs.end(), [&](CLI::App* c) { return c->check_name(argv[1]); }))
      return usage(fmt::format("no subcommand '{}'", argv[1]));
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    return usage(e.what());
  }
  try {
    for (auto& [sub, run] : commands)
      if (sub->parsed()) return run(std::cin, std::cout, std::cerr);
  } catch (const std::exception& e) {
    std::cerr << "error: internal: " << e.what() << "\n";
    return 3;
  }
  return 0;
}
