// Terminal play (issue 7): the board as one seat sees it, and its actions in
// words. text_view renders view(seat) only, so it cannot show anything that
// seat may not know.
#include <bit>
#include <string>

#include "games/first_contact/first_contact.h"

namespace meeple::first_contact {

namespace {

template <class T>
std::string localized(const T& x, std::string_view lang) {
  if (lang == "it" && !x.it.empty()) return x.it;
  if (lang == "ko" && !x.ko.empty()) return x.ko;
  return x.en;
}

std::string characteristic_name(int k, std::string_view lang) {
  if (k < 0 || k >= kCharacteristics) return "?";
  return localized(catalog().characteristics[static_cast<std::size_t>(k)], lang);
}

std::string characteristic_name(const Json& id, std::string_view lang) {
  if (!id.is_string()) return "-";
  return characteristic_name(catalog().characteristic_index(id.get<std::string>()), lang);
}

std::string glyph_words(int g) {
  if (g < 0 || g >= kGlyphs) return "?";
  return "glyph " + std::to_string(g) + " (" + catalog().glyphs[static_cast<std::size_t>(g)].name +
         ")";
}

std::string glyph_short(const Json& g) {
  if (!g.is_number_integer()) return "-";
  const int i = g.get<int>();
  if (i < 0 || i >= kGlyphs) return "?";
  return std::to_string(i) + ":" + catalog().glyphs[static_cast<std::size_t>(i)].name;
}

std::string item_name(const std::string& id, std::string_view lang) {
  const int i = catalog().item_index(id);
  if (i < 0) return id;
  return localized(catalog().items[static_cast<std::size_t>(i)], lang);
}

std::string seat_list(const Json& seats) {
  std::string out;
  for (const auto& s : seats) out += (out.empty() ? "" : ", ") + std::to_string(s.get<int>());
  return out.empty() ? "-" : out;
}

std::string squares_list(const Json& squares) {
  std::string out;
  for (const auto& s : squares) out += (out.empty() ? "" : " ") + std::to_string(s.get<int>());
  return out.empty() ? "-" : out;
}

std::string phase_words(std::string p) {
  for (char& c : p)
    if (c == '_') c = ' ';
  return p;
}

}  // namespace

std::string FirstContactState::describe_action(Seat seat, Action a, std::string_view lang) const {
  if (seat == kChance || seat < 0 || seat >= players_) return action_to_json(seat, a).dump();
  auto square = [&](int s) {
    std::string w = "square " + std::to_string(s);
    if (s >= 0 && s < laid_)
      w += " (" + localized(catalog().items[static_cast<std::size_t>(item_at(s))], lang) + ")";
    return w;
  };
  if (a >= act::kNoteWrite && a < act::kNoteClear) {
    const int x = a - act::kNoteWrite;
    return "note pad: write " + glyph_words(x % kGlyphs) + " for " +
           characteristic_name(x / kGlyphs, lang);
  }
  if (a >= act::kNoteClear && a < act::kUnknownToggle)
    return "note pad: clear " + characteristic_name(a - act::kNoteClear, lang);
  if (a >= act::kUnknownToggle && a < act::kCount)
    return "note pad: add/remove " + glyph_words(a - act::kUnknownToggle) +
           " in the unknown symbols area";
  if (a >= act::kCharacteristic && a < act::kSquare) {
    const std::string name = characteristic_name(a - act::kCharacteristic, lang);
    return phase_ == Phase::kZeroTurn ? "ask for the glyph of " + name
                                      : "secretly choose the characteristic " + name;
  }
  if (a >= act::kSquare && a < act::kDone) {
    const int s = a - act::kSquare;
    switch (phase_) {
      case Phase::kRotate:
        return "rotate the card on " + square(s);
      case Phase::kTarget:
        return "secretly target " + square(s);
      case Phase::kSecondAttempt:
        return "offer " + square(s) + " as second attempt";
      default:
        return "offer " + square(s);
    }
  }
  if (a == act::kDone) return "stop rotating and ask";
  if (a >= act::kGlyph && a < act::kNotGlyph) {
    const int g = a - act::kGlyph;
    switch (phase_) {
      case Phase::kCustomSymbols:
        return "assign " + glyph_words(g) + " to " + characteristic_name(assigned_, lang);
      case Phase::kPropose:
        return "propose " + glyph_words(g);
      default:
        return "write " + glyph_words(g);
    }
  }
  if (a >= act::kNotGlyph && a < act::kSend)
    return "write " + glyph_words(a - act::kNotGlyph) + " negated (NOT)";
  if (a == act::kSend) return "send the message (" + std::to_string(message_.size()) + " glyphs)";
  if (a == act::kPass) return "pass (no second offer)";
  if (a == act::kRandomize) return "let chance assign the remaining symbols";
  return "action " + std::to_string(a);
}

std::string FirstContactState::text_view(Seat seat, std::string_view lang) const {
  const Json v = view(seat);
  std::string out = "First Contact, " + v["edition"].get<std::string>() + " edition, " +
                    v["mode"].get<std::string>() + "; round " +
                    std::to_string(v["round"].get<int>()) +
                    ", phase: " + phase_words(v["phase"].get<std::string>()) +
                    "; to act: " + seat_list(v["to_act"]);
  if (!v["decided"].empty()) out += " (decided: " + seat_list(v["decided"]) + ")";
  out += "\n";
  out += "Goal " + std::to_string(v["goal"].get<int>());
  if (v.contains("timer")) out += ", timer " + std::to_string(v["timer"].get<int>());
  if (v["negation"].get<bool>()) out += ", negation rule on";
  out += "\n";
  if (is_alien(seat))
    out += "You are seat " + std::to_string(seat) + ", the " + colour_name(seat) + " alien.\n";
  else if (is_earthling(seat))
    out += "You are seat " + std::to_string(seat) + ", earthling " +
           std::to_string(seat - aliens_ + 1) + ".\n";

  out += "Aliens:";
  for (const auto& a : v["aliens"])
    out += " seat " + std::to_string(a["seat"].get<int>()) + " " + a["colour"].get<std::string>() +
           " " + std::to_string(a["items"].get<int>()) + " items;";
  out += "\nEarthlings:";
  for (const auto& e : v["earthlings"]) {
    out += " seat " + std::to_string(e["seat"].get<int>()) + " " +
           std::to_string(e["total"].get<int>()) + " tokens (";
    bool first = true;
    for (const auto& [c, n] : e["tokens"].items()) {
      out += (first ? "" : " ") + c + " " + std::to_string(n.get<int>());
      first = false;
    }
    out += ");";
  }
  out += "\n";

  // The field, five squares a row (row 0 farthest from the aliens); [red]
  // marks an item an alien has covered.
  const Json& field = v["field"];
  if (!field.empty()) out += "Field (square item, [alien] = covered):\n";
  for (std::size_t i = 0; i < field.size(); ++i) {
    const Json& f = field[i];
    if (i % 5 == 0) out += " ";
    out += " " + std::to_string(f["square"].get<int>()) + " " +
           item_name(f["item"].get<std::string>(), lang);
    if (!f["covered_by"].is_null()) out += " [" + f["covered_by"].get<std::string>() + "]";
    out += (i % 5 == 4 || i + 1 == field.size()) ? "\n" : " |";
  }

  for (const auto& z : v["zero_turn"])
    out += "Zero turn: seat " + std::to_string(z["seat"].get<int>()) + " asked " +
           characteristic_name(z["characteristic"], lang) + " -> " + glyph_short(z["glyph"]) + "\n";
  const Json& q = v["question"];
  if (!q["seat"].is_null() || !q["rotated"].empty()) {
    out += "Question of seat " +
           (q["seat"].is_null() ? std::string("-") : std::to_string(q["seat"].get<int>())) +
           ": rotated";
    for (const auto& sq : q["rotated"]) {
      const int i = sq.get<int>();
      out += " " + std::to_string(i);
      if (i >= 0 && static_cast<std::size_t>(i) < field.size())
        out += " " + item_name(field[static_cast<std::size_t>(i)]["item"].get<std::string>(), lang);
      out += ",";
    }
    if (q["rotated"].empty()) out += " -,";
    out.back() = ';';
    out += " answer:";
    if (q["answer"].empty()) out += " (pending)";
    for (const auto& g : q["answer"]) out += " " + glyph_short(g);
    out += "\n";
  }
  const Json& m = v["message"];
  if (!m["seat"].is_null()) {
    out += "Message of seat " + std::to_string(m["seat"].get<int>()) + ":";
    if (m["glyphs"].empty()) out += " (being written)";
    for (const auto& g : m["glyphs"])
      out += std::string(g["negated"].get<bool>() ? " NOT " : " ") + glyph_short(g["glyph"]);
    out += "\n";
  }
  std::string offers;
  for (const auto& o : v["revealed_offers"])
    if (!o["squares"].empty())
      offers +=
          " seat " + std::to_string(o["seat"].get<int>()) + ": " + squares_list(o["squares"]) + ";";
  if (!offers.empty()) out += "Last offers:" + offers + "\n";
  if (v.contains("symbols_assigned"))
    out += "Custom symbols assigned: " + std::to_string(v["symbols_assigned"].get<int>()) + "\n";

  if (v.contains("language_pad")) {
    const Json& p = v["language_pad"];
    out += "Your language pad (" + p["id"].dump() + "):";
    int i = 0;
    for (const auto& c : p["symbols"])
      out += std::string(i++ % 5 == 0 ? "\n " : " |") + " " +
             characteristic_name(c["characteristic"], lang) + "=" + glyph_short(c["glyph"]);
    out += "\n";
  }
  if (v.contains("request_card")) {
    const Json& r = v["request_card"];
    out += "Request card " + r["id"].dump() + " side " + r["side"].get<std::string>() +
           " rotation " + r["rotation"].dump() + "; wanted:";
    for (const auto& [c, sq] : v["wanted"].items()) out += " " + c + " " + squares_list(sq) + ";";
    out += " black " + squares_list(v["black"]) + "\n";
  }
  if (v.contains("target") && !v["target"].is_null())
    out += "Your target: square " + v["target"].dump() + "\n";
  if (v.contains("my_proposal") && !v["my_proposal"].is_null())
    out += "Your proposal: " + glyph_short(v["my_proposal"]) + "\n";

  if (v.contains("note_pad")) {
    const Json& n = v["note_pad"];
    out += "Your note pad (characteristic id=glyph):";
    int i = 0;
    for (const auto& c : n["cells"]) {
      out +=
          std::string(i++ % 5 == 0 ? "\n " : " |") + " " + c["characteristic"].get<std::string>();
      const std::string name = characteristic_name(c["characteristic"], lang);
      if (lang != "en") out += "/" + name;
      out += "=" + glyph_short(c["glyph"]);
    }
    out += "\n Unknown symbols:";
    if (n["unknown_symbols"].empty()) out += " -";
    for (const auto& g : n["unknown_symbols"]) out += " " + glyph_short(g);
    out += "\n";
    if (!v["my_characteristics"].empty()) {
      out += "Your secret characteristics so far:";
      for (const auto& c : v["my_characteristics"]) out += " " + characteristic_name(c, lang);
      out += "\n";
    }
    if (!v["my_characteristic"].is_null())
      out += "Your current characteristic: " + characteristic_name(v["my_characteristic"], lang) +
             "\n";
    if (!v["my_offer"].is_null()) out += "Your offer: square " + v["my_offer"].dump() + "\n";
    out +=
        "Edit the note pad at the prompt: json {\"note\": {\"characteristic\": \"big\", "
        "\"glyph\": 3}} (\"glyph\": null clears), json {\"unknown\": 3} adds/removes glyph 3 "
        "in the unknown symbols area.\n";
  }
  if (is_terminal() && v.contains("result")) out += "Result: " + v["result"].dump() + "\n";
  return out;
}

}  // namespace meeple::first_contact
