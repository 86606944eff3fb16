// meeple_trace RECORD...: replays each record (meeple-record/1) through the
// device tables (wasm/device_table.h) and prints every answer: the table
// made with explicit chance, then per action the apply's answer, every
// seat's legal actions with their words (in en, it and ko in turn), every
// seat's and the spectator's view with its text, and at the end the result
// and the record. Built natively and to WebAssembly (run under node), the two
// texts must be equal byte for byte (tests/wasm_same_test.py): one engine,
// the same answers. Exits 1 when any request was refused.
#include <fstream>
#include <iostream>
#include <sstream>

#include "wasm/device_table.h"

namespace {

using meeple::Json;

int trace(const char* path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  if (!in) {
    std::cerr << "meeple_trace: cannot read " << path << "\n";
    return 1;
  }
  const Json rec = Json::parse(text.str(), nullptr, false);
  if (!rec.is_object() || !rec.contains("actions")) {
    std::cerr << "meeple_trace: " << path << " is not a record\n";
    return 1;
  }
  meeple::wasm::DeviceTables tables;
  int rc = 0;  // every request of a golden record's replay must be answered ok
  auto ask = [&](Json req) {
    req["table"] = "trace";
    const Json answer = tables.handle(req);
    if (answer["ok"] != true) rc = 1;
    std::cout << answer.dump() << "\n";
  };
  const int players = rec["players"].get<int>();
  ask({{"cmd", "new"},
       {"game", rec["game"]},
       {"players", players},
       {"params", rec["params"]},
       {"chance", "explicit"}});
  const char* langs[] = {"en", "it", "ko"};
  std::size_t step = 0;
  for (const Json& a : rec["actions"]) {
    const char* lang = langs[step++ % 3];
    ask({{"cmd", "apply"},
         {"seat", a["seat"]},
         {"action", a.value("json", a["action"])},
         {"lang", lang}});
    ask({{"cmd", "legal"}, {"lang", lang}});
    for (int s = -2; s < players; ++s)
      if (s != -1) ask({{"cmd", "view"}, {"seat", s}, {"text", true}, {"lang", lang}});
  }
  ask({{"cmd", "result"}});
  ask({{"cmd", "record"}});
  if (rc) std::cerr << "meeple_trace: " << path << ": a request was refused\n";
  return rc;
}

}  // namespace

int main(int argc, char** argv) {
  int rc = 0;
  for (int i = 1; i < argc; ++i) rc |= trace(argv[i]);
  return rc;
}
