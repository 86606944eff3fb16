#include "server/publisher.h"

#include <functional>
#include <optional>

#include "core/json_writer.h"
#include "server/json_patch.h"
#include "server/protocol.h"

namespace meeple::server {

Json chat_json(const std::vector<room::ChatLine>& lines) {
  Json out = Json::array();
  for (const room::ChatLine& l : lines)
    out.push_back({{"n", l.number}, {"seat", l.seat}, {"text", l.text}});
  return out;
}

void Publisher::send(Conn& c, const Json& msg) {
  deliver(c, std::make_shared<const std::string>(msg.dump()));
}

Json Publisher::seats_json(const Shown& t, const Conns& conns) const {
  return Json::parse(seats_text(t, conns));
}

// Written as text, keys in ascending order as Json::dump() writes them: every
// publish compares it with the last one sent.
std::string Publisher::seats_text(const Shown& t, const Conns& conns) const {
  const room::Room* room_ = t.room;
  std::string out;
  JsonWriter w(out);
  w.begin_array();
  if (room_) {
    for (Seat i = 0; i < room_->num_players(); ++i) {
      const room::SeatInfo& s = room_->seats()[static_cast<std::size_t>(i)];
      const bool person = s.kind == room::SeatKind::kPerson;
      w.begin_object();
      w.field("connected", s.connected);
      w.field("kind", kind_name(s.kind));
      if (person) w.field("late", s.late);
      w.field("name", s.name);
      w.field("stand_in", s.stand_in);
      if (person) {
        // The countdown everyone sees before a stand-in plays for someone away.
        w.key("stand_in_at");
        if (const auto at = room_->stand_in_at(i))
          w.value(epoch_ms(*at));
        else
          w.null();
      }
      w.end_object();
    }
  } else {
    for (std::size_t i = 0; i < t.lobby.plan.size(); ++i) {
      const SeatPlan& p = t.lobby.plan[i];
      bool connected = false;
      for (const auto& [peer, c] : conns) connected |= c.seat == static_cast<Seat>(i);
      w.begin_object();
      w.field("connected", connected);
      w.field("kind", kind_name(p.kind));
      w.field("name", p.kind == room::SeatKind::kBot ? p.bot : p.name);
      w.field("taken", !p.token_hash.empty());
      w.end_object();
    }
  }
  w.end_array();
  return out;
}

// What one publish() has built so far.
struct Publisher::Publication {
  const Shown* t = nullptr;
  std::uint64_t version = 0;
  std::string head;    // "phase" .. "result" members
  std::string seats;   // "seats" .. "table" members
  std::string to_act;  // "to_act" and "type"
  std::string tail;    // "version"
  // Per observer ([0] spectator, [1 + seat]): the view before this publish
  // computed a new one (the patch's base), and the patch, once made.
  std::vector<std::shared_ptr<const ViewText>> before;
  std::vector<std::shared_ptr<const std::string>> patch;  // "" when none can be made
  // The tapes of the views made by this publish (per observer; `taped`: the
  // view each describes), written with them; and one for a view made before.
  std::vector<JsonTape> tapes;
  std::vector<const ViewText*> taped;
  JsonTape read_tape;
  struct Words {
    Seat seat;
    std::size_t from;  // events: the first one; choices: SIZE_MAX
    std::string lang;
    std::string text;
  };
  std::vector<Words> words;
  struct Message {
    Seat seat;
    bool host;
    std::string lang;
    int view_kind;  // 0 whole view, 1 patch, 2 empty patch
    std::size_t events_from;
    std::shared_ptr<const std::string> text;
  };
  std::vector<Message> messages;

  const std::string& cached_words(Seat seat, std::size_t from, const std::string& lang,
                                  const std::function<std::string()>& make) {
    for (const Words& w : words)
      if (w.seat == seat && w.from == from && w.lang == lang) return w.text;
    words.push_back({seat, from, lang, make()});
    return words.back().text;
  }
};

namespace {
// The views' tapes are scratch (a view's patch is made in the publish that
// writes it): kept per thread between publishes, not per table, whose idle
// memory they would add to; nor made anew by every publish.
thread_local std::vector<JsonTape> spare_tapes;

std::size_t observer_slot(Seat observer) {
  return observer == kSpectator ? 0 : static_cast<std::size_t>(observer) + 1;
}
}  // namespace

const Publisher::ViewText& Publisher::view_now(Publication& pub, Seat observer) {
  const room::Room* room_ = pub.t->room;
  const std::size_t slot = observer_slot(observer);
  auto& now = views_[slot];
  if (now && now->version == pub.version) return *now;
  pub.before[slot] = std::move(now);
  // A game whose views are public: one view of this version serves every
  // observer.
  if (room_->views_public())
    for (const auto& other : views_)
      if (other && other->version == pub.version) {
        now = other;
        return *now;
      }
  auto v = std::make_shared<ViewText>();
  v->version = pub.version;
  v->text = room_->view_text(observer, &pub.tapes[slot]);
  // An observer whose view equals one already made for this version shares
  // it (and the tape written with this one describes it as well).
  for (const auto& other : views_)
    if (other && other->version == pub.version && other->text == v->text) {
      now = other;
      pub.taped[slot] = now.get();
      return *now;
    }
  pub.taped[slot] = v.get();
  v->text.shrink_to_fit();
  now = std::move(v);
  return *now;
}

// The patch from the observer's view before this publish to its view now;
// null when one of them is not JSON this server reads (then the whole view
// goes).
const std::string* Publisher::view_patch(Publication& pub, std::size_t slot) {
  auto& patch = pub.patch[slot];
  if (patch) return patch->empty() ? nullptr : patch.get();
  const ViewText* before = pub.before[slot].get();
  const ViewText* now = views_[slot].get();
  // Observers with the same views before and now share the patch.
  for (std::size_t k = 0; k < views_.size(); ++k)
    if (pub.patch[k] && pub.before[k].get() == before && views_[k].get() == now) {
      patch = pub.patch[k];
      return patch->empty() ? nullptr : patch.get();
    }
  const JsonTape* tape = nullptr;
  for (std::size_t k = 0; k < views_.size() && !tape; ++k)
    if (pub.taped[k] == now) tape = &pub.tapes[k];
  if (!tape) {
    pub.read_tape.read(now->text);
    tape = &pub.read_tape;
  }
  auto p = std::make_shared<std::string>();
  append_patch(before->text, now->text, *tape, *p);
  patch = std::move(p);
  return patch->empty() ? nullptr : patch.get();
}

std::shared_ptr<const std::string> Publisher::state_message(Publication& pub, Conn& c) {
  const Shown& t = *pub.t;
  const room::Room* room_ = t.room;
  const std::size_t slot = observer_slot(c.seat);
  const ViewText& view = view_now(pub, c.seat);
  const ViewText* before = pub.before[slot].get();
  // 0: the whole view; 1: the patch from the view before; 2: no change.
  int view_kind = 0;
  const std::string* patch = nullptr;
  if (c.sent && c.has_view) {
    if (c.version == view.version) {
      view_kind = 2;
    } else if (before && c.version == before->version) {
      patch = view_patch(pub, slot);
      view_kind = patch ? 1 : 0;
    }
  }
  std::shared_ptr<const std::string> text;
  for (const auto& m : pub.messages)
    if (m.seat == c.seat && m.host == c.host && m.lang == c.lang && m.view_kind == view_kind &&
        m.events_from == c.events_from)
      text = m.text;
  if (!text) {
    std::string out;
    out.reserve(256 + (view_kind == 0 ? view.text.size() : patch ? patch->size() : 0));
    out += '{';
    if (c.seat >= 0 && room_->must_act(c.seat)) {
      if (const auto d = room_->deadline(c.seat)) {
        out += "\"deadline\":";
        out += std::to_string(epoch_ms(*d));
        out += ',';
      }
      out += pub.cached_words(c.seat, SIZE_MAX, c.lang, [&] {
        std::string w = "\"choices\":";
        JsonWriter cw(w);
        room_->write_choices(c.seat, c.lang, cw);
        w += ',';
        return w;
      });
    }
    // Chat apart from the events: what people said is never told as
    // something that happened. A first message carries the last page of it.
    // A private table's chat is for the people seated there: its spectators
    // get none.
    const std::size_t chat_limit = c.events_from == 0 ? t.chat_page : SIZE_MAX;
    if (t.lobby.is_public || c.seat >= 0)
      out += pub.cached_words(kChance, c.events_from, "", [&] {
        const auto lines = room_->chat_lines(c.events_from, room_->event_count(), chat_limit);
        return lines.empty() ? std::string() : "\"chat\":" + chat_json(lines).dump() + ",";
      });
    out += pub.cached_words(c.seat, c.events_from, c.lang, [&] {
      std::string w = "\"events\":";
      JsonWriter ew(w);
      ew.begin_array();
      for (const std::string& e : room_->events_for(c.seat, c.events_from, c.lang)) ew.value(e);
      ew.end_array();
      return w;
    });
    out += ",\"game\":";
    JsonWriter::append_string(out, t.lobby.game->name());
    if (t.lobby.guide && c.seat == t.lobby.guide->seat) {
      out += ",\"guide\":";
      out += room::guide_note(*t.lobby.guide, *room_, c.lang).to_json().dump();
    }
    if (c.host) out += ",\"host\":true";
    out += pub.head;
    out += ",\"seat\":";
    out += std::to_string(c.seat);
    if (!t.seat_offer.empty()) {
      out += ",\"seat_offer\":";
      out += t.seat_offer;
    }
    out += pub.seats;
    if (view_kind == 0) {
      out += ",\"table_options\":";
      out += t.lobby.table_options().dump();
    }
    out += pub.to_act;
    if (c.seat >= 0 && t.lobby.undo) {
      out += ",\"undo\":";
      out += std::to_string(room_->undo_available(c.seat));
    }
    out += pub.tail;
    if (view_kind == 0) {
      out += ",\"view\":";
      out += view.text;
    } else {
      out += ",\"view_patch\":";
      out += view_kind == 1 ? *patch : std::string("[]");
    }
    out += '}';
    text = std::make_shared<const std::string>(std::move(out));
    pub.messages.push_back({c.seat, c.host, c.lang, view_kind, c.events_from, text});
  }
  c.events_from = room_->event_count();
  c.has_view = true;
  return text;
}

std::shared_ptr<const std::string> Publisher::lobby_message(const Shown& t, const Conn& c) const {
  Json m = {{"type", "state"},
            {"protocol", kProtocol},
            {"table", t.id},
            {"game", t.lobby.game->name()},
            {"phase", phase_name(t.phase)},
            {"seat", c.seat},
            {"seats", Json::parse(seats_text_)}};
  if (c.host) m["host"] = true;
  m["version"] = 0;
  m["params"] = t.lobby.params;
  m["table_options"] = t.lobby.table_options();
  return std::make_shared<const std::string>(m.dump());
}

// Sends each connection what changed for it: nothing when nothing did.
void Publisher::publish(const Shown& t, Conns& conns, bool force) {
  const room::Room* room_ = t.room;
  std::string seats = seats_text(t, conns);
  const bool seats_changed = seats != seats_text_;
  if (seats_changed) seats_text_ = std::move(seats);
  const std::uint64_t version = room_ ? room_->version() : 0;
  const std::size_t events = room_ ? room_->event_count() : 0;
  std::optional<Publication> pub;
  for (auto& [peer, c] : conns) {
    if (c.sent && !force && !seats_changed && c.version == version && c.events_from == events)
      continue;
    std::shared_ptr<const std::string> text;
    if (!room_) {
      text = lobby_message(t, c);
    } else {
      if (!pub) {
        // What every connection's message has in common, once.
        pub.emplace();
        pub->t = &t;
        pub->version = version;
        const std::size_t slots = static_cast<std::size_t>(room_->num_players()) + 1;
        views_.resize(slots);
        pub->before.resize(slots);
        pub->patch.resize(slots);
        pub->tapes = std::move(spare_tapes);
        pub->tapes.resize(slots);
        pub->taped.resize(slots);
        JsonWriter h(pub->head);
        h.begin_object();  // only to place the commas; the braces are dropped
        h.field("phase", phase_name(t.phase));
        h.field("protocol", kProtocol);
        if (!t.rematch_id.empty()) h.field("rematch", t.rematch_id);
        if (room_->finished()) h.key("result").value(room_->result_json());
        pub->head.erase(0, 1);
        pub->head.insert(0, ",");
        pub->seats = ",\"seats\":" + seats_text_;
        if (!room_->finished())
          pub->seats += ",\"since\":" + std::to_string(epoch_ms(room_->moved_at()));
        pub->seats += ",\"table\":";
        JsonWriter::append_string(pub->seats, t.id);
        pub->to_act = ",\"to_act\":[";
        bool first = true;
        for (Seat s = 0; s < room_->num_players(); ++s)
          if (room_->must_act(s)) {
            if (!first) pub->to_act += ',';
            first = false;
            pub->to_act += std::to_string(s);
          }
        pub->to_act += "],\"type\":\"state\"";
        pub->tail = ",\"version\":" + std::to_string(version);
      }
      text = state_message(*pub, c);
    }
    c.sent = true;
    c.version = version;
    deliver(c, std::move(text));
  }
  if (pub) spare_tapes = std::move(pub->tapes);
}

void Publisher::deliver(Conn& c, std::shared_ptr<const std::string> text) {
  auto peer = c.peer.lock();
  if (!peer) return;
  metrics_.bytes_out.fetch_add(text->size(), std::memory_order_relaxed);
  peer->send(std::move(text));
}

}  // namespace meeple::server
