// Fuzz target: WebSocket messages from clients, as a WebSocket session reads
// them: parse_request (size and depth limits, JSON), then the table's
// on_message (hello, act, chat, ping, anything else) at a table in play.
// Input: one selector byte (the game, fuzz.h), then one message per line,
// each line starting with a digit that picks the connection (a seat's, or
// the spectator's after the last seat). A line "<digit>!<k>" acts for that
// connection with choice k of its last state message at its version (so
// the fuzzer reaches deep into a game); any other line is sent as it is.
// Each input gets a new table of the game with every seat a person, all
// joined and connected.
// Contract: nothing crashes; parse_request accepts only text within the
// limits; every message a connection gets is a JSON object with a type,
// errors with a code.
#include <algorithm>
#include <mutex>

#include "server/protocol.h"
#include "tests/fuzz/fuzz.h"
#include "tests/fuzz/fuzz_server.h"

namespace {

using namespace meeple;

// A connection: keeps the version and choices of its last state message.
class FakePeer final : public server::Peer {
 public:
  void send(std::shared_ptr<const std::string> text) override {
    Json m = fuzz::check_message(*text);
    std::lock_guard lock(mutex_);
    if (m["type"] != "state") return;
    if (m.contains("version") && m["version"].is_number_unsigned())
      version_ = m["version"].get<std::uint64_t>();
    choices_ = m.value("choices", Json::array());
  }
  void close(const std::string&, const std::string&) override {}
  // {"type": "act", ...} for choice k, or null when there is none.
  Json act(std::size_t k) {
    std::lock_guard lock(mutex_);
    if (!choices_.is_array() || choices_.empty()) return nullptr;
    return {
        {"type", "act"}, {"version", version_}, {"action", choices_[k % choices_.size()]["json"]}};
  }

 private:
  std::mutex mutex_;
  std::uint64_t version_ = 0;
  Json choices_ = Json::array();
};

int depth_of(const Json& j) {
  int d = 0;
  if (j.is_structured())
    for (const auto& e : j) d = std::max(d, depth_of(e));
  return j.is_structured() ? d + 1 : 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  fuzz::reset_random();
  const AnyGame& game = fuzz::game_for(data[0]);
  std::string_view rest = fuzz::as_text(data + 1, size - 1);
  server::Hub& hub = fuzz::hub();

  const int players = game.min_players();
  std::string host_token;
  auto made = server::Table::create(
      hub, {{"game", game.name()}, {"players", players}, {"languages", Json::array({"en"})}},
      host_token);
  FUZZ_CHECK(made.ok(), "cannot make a table");
  auto table = *made;
  std::vector<std::shared_ptr<FakePeer>> peers;
  fuzz::on_strand(*table, [&] {
    for (int i = 0; i <= players; ++i) {
      std::string token;
      if (i < players) {
        auto joined = table->join(Json::object());
        FUZZ_CHECK(joined.ok(), "cannot join: " + joined.error().message);
        token = (*joined)["token"];
      }
      peers.push_back(std::make_shared<FakePeer>());
      Json hello = {{"type", "hello"}};
      if (!token.empty()) hello["token"] = token;
      table->attach(peers.back(), hello, std::chrono::steady_clock::now());
    }
  });

  for (int lines = 0; !rest.empty() && lines < 32; ++lines) {
    const auto nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
    if (line.empty()) continue;
    FakePeer* peer = peers[static_cast<unsigned char>(line[0]) % peers.size()].get();
    line.remove_prefix(1);
    Json msg;
    if (line.size() >= 2 && line[0] == '!' && line.size() < 6 &&
        std::all_of(line.begin() + 1, line.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      msg = peer->act(std::stoul(std::string(line.substr(1))));
      if (msg.is_null()) continue;
    } else {
      auto parsed = server::parse_request(line);
      if (!parsed) {
        const std::string& code = parsed.error().code;
        FUZZ_CHECK(code == server::errc::kMalformed || code == server::errc::kTooLarge ||
                       code == server::errc::kTooDeep,
                   "parse_request refused with " + code);
        continue;
      }
      FUZZ_CHECK(line.size() <= server::kMaxMessageBytes,
                 "parse_request took an oversized message");
      FUZZ_CHECK(depth_of(*parsed) <= server::kMaxJsonDepth,
                 "parse_request took a message nested too deep");
      msg = std::move(*parsed);
    }
    fuzz::on_strand(*table,
                    [&] { table->on_message(peer, msg, std::chrono::steady_clock::now()); });
  }
  fuzz::on_strand(*table, [&] { table->close_all("fuzz input done"); });
  fuzz::let_go(table);
  return 0;
}
