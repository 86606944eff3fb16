// The WebAssembly module's one entry for the web client's worker
// (web/src/device/): a JSON request in, its JSON answer out (DeviceTables,
// wasm/device_table.h). The answer stays valid until the next call.
#include <emscripten/emscripten.h>

#include <string>

#include "wasm/device_table.h"

extern "C" EMSCRIPTEN_KEEPALIVE const char* meeple_handle(const char* request) {
  static meeple::wasm::DeviceTables tables;
  static std::string answer;
  answer = tables.handle_text(request);
  return answer.c_str();
}
