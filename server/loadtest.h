// `meeple loadtest`: N tables of scripted people over loopback WebSockets
// against a running server. Every seat is a scripted person who plays its
// first choice as soon as it must act; the time from sending an action to
// the state message carrying a newer version (the acknowledgement: the
// action is durable by then) is measured.
#pragma once

#include <iosfwd>
#include <string>

namespace meeple::server {

struct LoadtestArgs {
  std::string url = "http://127.0.0.1:8080";
  int tables = 100;
  std::string game = "ufo";
  int players = 2;
  double seconds = 10;      // the measured window
  std::string lang = "en";  // the tables' one language
  int server_pid = 0;       // for resident memory (/proc/PID/status); 0: not measured
  bool json = false;
};

// Prints the figures; returns the exit code (2: the server could not be used).
int run_loadtest(const LoadtestArgs& args, std::ostream& out, std::ostream& err);

}  // namespace meeple::server
