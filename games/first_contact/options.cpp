// Seats and teams, editions and options (docs/rules/first-contact.md): the
// parameter schema, the variants the conformance suite plays, and a new game
// with its teams split among the seats.
#include <string>

#include "games/first_contact/internal.h"

namespace meeple::first_contact {

FirstContactState::FirstContactState(int players, const Options& o)
    : players_(static_cast<std::uint8_t>(players)),
      aliens_(static_cast<std::uint8_t>(o.aliens)),
      edition_(o.edition),
      advanced_(o.advanced),
      zero_turn_(o.zero_turn),
      negation_(o.negation),
      custom_symbols_(o.custom_symbols) {
  covered_by_.fill(-1);
  zero_char_.fill(-1);
  zero_glyph_.fill(-1);
  proposal_.fill(-1);
  offer_.fill(-1);
  for (auto& l : last_offer_) l.fill(-1);
  for (auto& q : round_proposals_) q.fill(-1);
  for (auto& a : round_offer_)
    for (auto& e : a) e.fill(-1);
  for (auto& n : note_) n.fill(-1);
  if (small_game()) timer_ = edition_ == Edition::kEn ? 10 : 9;
}

ParamSchema FirstContact::params_schema() {
  return {
      {"edition",
       ParamType::kEnum,
       "it",
       {"it", "en", "ko"},
       "rulebook followed: Italian, English or Korean edition"},
      {"mode",
       ParamType::kEnum,
       "standard",
       {"standard", "advanced"},
       "standard (side A, 3 items) or advanced/hard (side B, 5 items); en has standard only"},
      {"zero_turn",
       ParamType::kEnum,
       "edition",
       {"edition", "on", "off"},
       "zero turn: 'edition' = always in en, not in it/ko; en refuses 'off'"},
      {"negation",
       ParamType::kBool,
       true,
       {},
       "negation rule (bar over a glyph); en has no negation"},
      {"custom_symbols",
       ParamType::kBool,
       false,
       {},
       "ko only: the aliens assign the glyphs themselves"},
      {"aliens", ParamType::kInt, 0, {0, 3}, "number of aliens, 0 = automatic"},
  };
}

std::vector<Json> FirstContact::param_variants() {
  return {Json::object(),
          {{"edition", "en"}},
          {{"edition", "ko"}},
          {{"mode", "advanced"}, {"zero_turn", "on"}},
          {{"edition", "ko"}, {"custom_symbols", true}, {"zero_turn", "on"}, {"mode", "advanced"}},
          {{"negation", false}, {"aliens", 3}}};
}

Expected<FirstContactState> FirstContact::new_game(const Json& params, int players) {
  if (players < kMinPlayers || players > kMaxPlayers)
    return make_error(errc::kBadPlayers, "First Contact is for 2 to 7 players");
  auto get = [&](const char* key, const Json& dflt) {
    return params.contains(key) ? params[key] : dflt;
  };
  FirstContactState::Options o;
  const std::string ed = get("edition", "it").get<std::string>();
  o.edition = ed == "en" ? Edition::kEn : ed == "ko" ? Edition::kKo : Edition::kIt;
  o.advanced = get("mode", "standard").get<std::string>() == "advanced";
  const std::string zero = get("zero_turn", "edition").get<std::string>();
  o.negation = get("negation", true).get<bool>();
  o.custom_symbols = get("custom_symbols", false).get<bool>();
  const int aliens = get("aliens", 0).get<int>();
  if (o.edition == Edition::kEn && o.advanced)
    return make_error(errc::kBadParam, "the en edition has the standard mode only");
  if (o.edition == Edition::kEn && zero == "off")
    return make_error(errc::kBadParam, "the en edition always plays the zero turn");
  if (o.custom_symbols && o.edition != Edition::kKo)
    return make_error(errc::kBadParam, "custom symbols exist in the ko edition only");
  o.zero_turn = zero == "on" || (zero == "edition" && o.edition == Edition::kEn);
  if (players <= 3) {
    if (aliens > 1)
      return make_error(errc::kBadParam, "with 2 or 3 players there is exactly one alien");
    o.aliens = 1;
  } else {
    // Automatic split: 4 -> 1+3, 5 -> 2+3, 6 -> 2+4, 7 -> 3+4.
    static const int kAuto[8] = {0, 0, 0, 0, 1, 2, 2, 3};
    o.aliens = aliens == 0 ? kAuto[players] : aliens;
    if (players - o.aliens < 1 || players - o.aliens > kMaxEarthlings)
      return make_error(errc::kBadParam, "there must be 1 to 3 aliens and 1 to 4 earthlings");
  }
  return FirstContactState(players, o);
}

}  // namespace meeple::first_contact
