// `meeple loadtest`: N tables of scripted people over loopback WebSockets
// against a running server. Every seat is a scripted person who plays its
// first choice; the time from sending an action to the state message
// carrying a newer version (the acknowledgement: the action is durable by
// then) is measured.
//
// Two loads. Closed loop (rate 0): every person acts as soon as asked, so
// there is always one action outstanding per table and the figure is the
// server's maximum throughput (the latency is then queueing: tables /
// throughput). Open loop (rate R): each table acts at a fixed pace of R /
// tables actions a second, from a random phase, whatever the server does
// (a table the server kept waiting acts at once when asked, until it is
// back on its schedule): the latency at an offered load, as people playing
// at their own pace make it. Many tables at a fixed pace each add up to
// arrivals much like a Poisson process.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace meeple::server {

struct LoadtestArgs {
  std::string url = "http://127.0.0.1:8080";
  int tables = 100;
  std::string game = "ufo";
  int players = 2;
  double seconds = 10;      // the measured window
  double rate = 0;          // offered actions/s over all tables; 0: closed loop
  std::string lang = "en";  // the tables' one language
  // "key=value" rule options of every table (as --param elsewhere), e.g.
  // Ufo!'s automated round limit for tables whose bots play on to the end.
  std::vector<std::string> params;
  int server_pid = 0;  // for resident memory (/proc/PID/status); 0: not measured
  bool json = false;
};

// Prints the figures; returns the exit code (2: the server could not be used).
int run_loadtest(const LoadtestArgs& args, std::ostream& out, std::ostream& err);

}  // namespace meeple::server
