// Internal to server/: what a table tells its connections. After every
// change each connection gets the state message that is new for it (its
// seat's view as a JSON Patch against the view it last got, the events and
// chat since, its choices in its language), or nothing when nothing changed
// for it (docs/protocol.md, "state").
//
// A state message is written as text, its keys in the order Json::dump()
// gives them, so it is byte for byte what building it as a Json and dumping
// it gave. What several connections share is built once per publish: each
// observer's view (and its patch) once per version, shared by observers
// whose views are equal, and written once for all of them in a game whose
// views are public (kViewsPublic, core/game.h); the events and choices once per
// seat, language and starting point; whole messages once per kind of
// connection.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "room/room.h"
#include "server/lobby.h"
#include "server/metrics.h"

namespace meeple::server {

// A WebSocket connection as a table sees it. Both calls are thread-safe.
class Peer {
 public:
  virtual ~Peer() = default;
  virtual void send(std::shared_ptr<const std::string> text) = 0;
  // Closes with a reason (sent as an error message first when `code` is set).
  virtual void close(const std::string& code, const std::string& reason) = 0;
  // The client's address (a trusted proxy's client's own; "" when unknown).
  virtual std::string address() const { return {}; }
};

// One connection of a table: who it is and what it was last told.
struct Conn {
  std::weak_ptr<Peer> peer;
  Seat seat = kSpectator;
  bool host = false;
  std::string lang = "en";
  bool sent = false;
  std::uint64_t version = 0;  // the table's version at the last message
  std::size_t events_from = 0;
  bool has_view = false;  // the last message carried the view at `version`
};
using Conns = std::unordered_map<Peer*, Conn>;

// Chat lines as messages carry them (docs/protocol.md): [{n, seat, text}].
Json chat_json(const std::vector<room::ChatLine>& lines);

// What the publisher reads of a table.
struct Shown {
  const std::string& id;
  const Lobby& lobby;
  Phase phase;
  const room::Room* room;  // null before the start
  const std::string& rematch_id;
  std::size_t chat_page;  // chat lines in a first message
  // The bot's seat the host offers to a newcomer, as its "seat_offer"
  // member's JSON text ("" for none; docs/protocol.md).
  const std::string& seat_offer;
};

class Publisher {
 public:
  explicit Publisher(Metrics& metrics) : metrics_(metrics) {}

  // Sends each connection what changed for it: nothing when nothing did;
  // with `force`, every connection its message.
  void publish(const Shown& t, Conns& conns, bool force);
  // One message to one connection.
  void send(Conn& c, const Json& msg);
  void deliver(Conn& c, std::shared_ptr<const std::string> text);
  // The seats as every message shows them (during the game: who plays,
  // stand-ins, presence, countdowns; in the lobby: who took which seat).
  Json seats_json(const Shown& t, const Conns& conns) const;
  // The same as text (what every message carries).
  std::string seats_text(const Shown& t, const Conns& conns) const;

 private:
  // One observer's view at one version, as its text (the base of the next
  // patch; a few KB where a Json tree took tens). Observers whose views are
  // equal share one.
  struct ViewText {
    std::uint64_t version = 0;
    std::string text;
  };
  struct Publication;
  std::shared_ptr<const std::string> state_message(Publication& pub, Conn& c);
  std::shared_ptr<const std::string> lobby_message(const Shown& t, const Conn& c) const;
  const ViewText& view_now(Publication& pub, Seat observer);
  const std::string* view_patch(Publication& pub, std::size_t slot);

  Metrics& metrics_;
  std::string seats_text_;  // the seats as the last messages showed them
  // The last view computed per observer: [0] the spectator, [1 + seat].
  std::vector<std::shared_ptr<const ViewText>> views_;
};

}  // namespace meeple::server
