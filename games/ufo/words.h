// Ufo!'s words for people (games/ufo/text.cpp, text_board.cpp): the catalog in
// one language with the game's recurring names, and the small pieces of its
// sentences. Internal to the game (not for bots or other layers).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/i18n.h"
#include "games/ufo/internal.h"

namespace meeple::ufo {

// Italian place names with an article (Il Cairo) after a preposition or
// inside a sentence: "a Il Cairo" is "al Cairo", "da Il Cairo" "dal Cairo",
// "controlla Il Cairo" "controlla il Cairo"; at the start of a text or a
// line the name keeps its capital.
inline void with_italian_articles(std::string& text) {
  static constexpr std::pair<std::string_view, std::string_view> kJoined[] = {
      {" a Il ", " al "},   {" da Il ", " dal "}, {" di Il ", " del "}, {" in Il ", " al "},
      {" su Il ", " sul "}, {"→ Il ", "→ il "},   {", Il ", ", il "},   {" per Il ", " per il "}};
  for (const auto& [from, to] : kJoined)
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
  // Any other word before it: the article in lower case.
  for (auto at = text.find(" Il Cairo"); at != std::string::npos; at = text.find(" Il Cairo", at))
    if (at > 0 && text[at - 1] != '\n' && text[at - 1] != '.' && text[at - 1] != ':')
      text.replace(at + 1, 2, "il");
    else
      ++at;
}

// The catalog in one language, with the game's recurring names.
struct Words {
  std::string_view lang;

  std::string t(std::string_view key) const { return Ufo::messages().text(key, lang); }
  std::string f(std::string_view key, const Catalog::Args& args) const {
    std::string out = Ufo::messages().format(key, lang, args);
    if (lang == "it") with_italian_articles(out);
    return out;
  }
  std::string seat(Seat p) const { return f("seat", {{"n", std::to_string(p)}}); }
  std::string place(int s) const { return t("place." + space_at(s).key); }
  std::string type(UfoType ty) const {
    return t(std::string("type.") + kTypeNames[static_cast<int>(ty)]);
  }
};

inline std::string signed_number(int n) {
  return (n >= 0 ? "+" : "") + std::to_string(n);
}

inline std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
  return out;
}

// An event of several sentences, one a line.
inline std::string one_per_line(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += (out.empty() ? "" : "\n") + l;
  return out;
}

// "UFO 3 (Bumper, seat 1)"; the owner is left out when it is `viewer`.
inline std::string ufo_words(const Words& w, const UfoState& s, int u, Seat viewer) {
  if (u < 0 || u >= static_cast<int>(s.ufos().size()))
    return w.f("ufo", {{"n", std::to_string(u)}});
  const UfoPiece& f = s.ufos()[static_cast<std::size_t>(u)];
  if (f.owner == viewer)
    return w.f("ufo_typed", {{"n", std::to_string(u)}, {"type", w.type(f.type)}});
  return w.f("ufo_of",
             {{"n", std::to_string(u)}, {"type", w.type(f.type)}, {"seat", w.seat(f.owner)}});
}

}  // namespace meeple::ufo
