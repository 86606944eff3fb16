// JSON forms (plumbing): actions to and from their JSON form, and the state's
// JSON that round-trips (checked on the way in: a corrupt state is refused,
// values out of range and, unreachable() in unreachable.cpp, states that break an invariant
// play keeps between the fields).
#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "core/json_error.h"
#include "games/first_contact/internal.h"

namespace meeple::first_contact {

Json characteristic_json(int k) {
  if (k < 0) return nullptr;
  return catalog().characteristics[static_cast<std::size_t>(k)].id;
}

// ---------------------------------------------------------------- actions

const char* FirstContactState::square_key() const {
  switch (phase_) {
    case Phase::kRotate:
      return "rotate";
    case Phase::kTarget:
      return "target";
    default:
      return "offer";
  }
}

Json FirstContactState::action_to_json(Seat seat, Action a) const {
  if (seat == kChance) {
    switch (phase_) {
      case Phase::kLayField: {
        const auto& deck = catalog().decks[static_cast<int>(edition_)];
        Json j = {{"card", a / 2}, {"face", a % 2}};
        if (a >= 0 && static_cast<std::size_t>(a / 2) < deck.size() && a % 2 < deck[a / 2].faces())
          j["item"] = catalog().items[deck[a / 2].face[a % 2]].id;
        return {{"lay", j}};
      }
      case Phase::kDrawPad:
        return {{"language_pad", a}};
      case Phase::kDrawRequest:
        return {{"request_card", a / kRotations}, {"rotation", a % kRotations}};
      default:
        return {{"assign", a}};
    }
  }
  if (a >= act::kNoteWrite && a < act::kNoteClear) {
    const int x = a - act::kNoteWrite;
    return {
        {"note", {{"characteristic", characteristic_json(x / kGlyphs)}, {"glyph", x % kGlyphs}}}};
  }
  if (a >= act::kNoteClear && a < act::kUnknownToggle)
    return {{"note",
             {{"characteristic", characteristic_json(a - act::kNoteClear)}, {"glyph", nullptr}}}};
  if (a >= act::kUnknownToggle && a < act::kCount) return {{"unknown", a - act::kUnknownToggle}};
  if (a >= act::kCharacteristic && a < act::kSquare)
    return {{phase_ == Phase::kZeroTurn ? "ask" : "characteristic", characteristic_json(a)}};
  if (a >= act::kSquare && a < act::kDone) return {{square_key(), a - act::kSquare}};
  if (a == act::kDone) return {{"done", true}};
  if (a >= act::kGlyph && a < act::kNotGlyph) return {{"glyph", a - act::kGlyph}};
  if (a >= act::kNotGlyph && a < act::kSend)
    return {{"glyph", a - act::kNotGlyph}, {"negated", true}};
  if (a == act::kSend) return {{"send", true}};
  if (a == act::kPass) return {{"pass", true}};
  if (a == act::kRandomize) return {{"randomize", true}};
  return {{"invalid", a}};
}

namespace {

// A characteristic by its id or its name in any of the three languages
// (case-insensitive); -1 for none.
int characteristic_named(const Json& v) {
  if (!v.is_string()) return -1;
  auto lower = [](std::string s) {
    for (char& c : s)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
  };
  const std::string name = lower(v.get<std::string>());
  const auto& chars = catalog().characteristics;
  for (std::size_t k = 0; k < chars.size(); ++k)
    for (const std::string* n : {&chars[k].id, &chars[k].en, &chars[k].it, &chars[k].ko})
      if (lower(*n) == name) return static_cast<int>(k);
  return -1;
}

}  // namespace

Expected<Action> FirstContactState::action_from_json(Seat seat, const Json& j) const {
  auto bad = [](const char* what) { return make_error(errc::kMalformedAction, what); };
  if (!j.is_object() || j.size() < 1) return bad("an action is a JSON object");
  auto int_field = [&](const char* key, int lo, int hi) -> std::optional<int> {
    if (!j.contains(key) || !j[key].is_number_integer()) return std::nullopt;
    auto v = j[key].get<long long>();
    if (v < lo || v > hi) return std::nullopt;
    return static_cast<int>(v);
  };
  // A characteristic by its id or its name in any of the three languages
  // (case-insensitive); for a note, also by its number (1-25) on the
  // earthling's own pad, as its board shows it.
  auto characteristic = [&](const Json& v, bool pad_number) -> int {
    if (pad_number && v.is_number_integer() && is_earthling(seat)) {
      const auto n = v.get<long long>();
      if (n < 1 || n > kCharacteristics) return -1;
      return note_pad_order(seat - aliens_)[static_cast<std::size_t>(n - 1)];
    }
    return characteristic_named(v);
  };
  if (seat == kChance) {
    if (j.contains("lay")) {
      const Json& l = j["lay"];
      if (!l.is_object() || !l.contains("card") || !l["card"].is_number_integer() ||
          !l.contains("face") || !l["face"].is_number_integer())
        return bad("expected {\"lay\": {\"card\": n, \"face\": 0|1}}");
      auto c = l["card"].get<long long>(), f = l["face"].get<long long>();
      if (c < 0 || c > 255 || f < 0 || f > 1) return bad("card or face out of range");
      return static_cast<Action>(c * 2 + f);
    }
    if (auto p = int_field("language_pad", 0, kPads - 1)) return *p;
    if (auto c = int_field("request_card", 0, kRequestCards - 1)) {
      auto r = int_field("rotation", 0, kRotations - 1);
      if (!r) return bad("expected a rotation 0..3");
      return *c * kRotations + *r;
    }
    if (auto g = int_field("assign", 0, kGlyphs - 1)) return *g;
    return bad("unknown chance outcome");
  }
  if (j.contains("note")) {
    const Json& n = j["note"];
    if (!n.is_object() || !n.contains("characteristic") || !n.contains("glyph"))
      return bad(
          "expected {\"note\": {\"characteristic\": id, name or pad number, \"glyph\": g|null}}");
    int k = characteristic(n["characteristic"], true);
    if (k < 0) return bad("unknown characteristic");
    if (n["glyph"].is_null()) return act::kNoteClear + k;
    if (!n["glyph"].is_number_integer()) return bad("glyph must be 0..24 or null");
    auto g = n["glyph"].get<long long>();
    if (g < 0 || g >= kGlyphs) return bad("glyph must be 0..24 or null");
    return act::kNoteWrite + k * kGlyphs + static_cast<int>(g);
  }
  if (j.contains("unknown")) {
    if (auto g = int_field("unknown", 0, kGlyphs - 1)) return act::kUnknownToggle + *g;
    return bad("unknown must be a glyph 0..24");
  }
  for (const char* key : {"characteristic", "ask"})
    if (j.contains(key)) {
      int k = characteristic(j[key], false);
      if (k < 0) return bad("unknown characteristic");
      return act::kCharacteristic + k;
    }
  for (const char* key : {"rotate", "target", "offer"})
    if (j.contains(key)) {
      if (auto s = int_field(key, 0, kSquares - 1)) return act::kSquare + *s;
      return bad("a field square is 0..24 (row-major)");
    }
  if (j.contains("glyph")) {
    auto g = int_field("glyph", 0, kGlyphs - 1);
    if (!g) return bad("a glyph is 0..24");
    bool negated = j.contains("negated") && j["negated"].is_boolean() && j["negated"].get<bool>();
    return (negated ? act::kNotGlyph : act::kGlyph) + *g;
  }
  if (j.contains("done")) return act::kDone;
  if (j.contains("send")) return act::kSend;
  if (j.contains("pass")) return act::kPass;
  if (j.contains("randomize")) return act::kRandomize;
  return bad("unknown First Contact action");
}

// ---------------------------------------------------------------- state

Json FirstContactState::to_json() const {
  Json sr = Json::array();
  for (const auto& r : small_rounds_) sr.push_back({r.offer[0], r.offer[1], r.offers, r.penalty});
  Json msg = Json::array();
  for (auto g : message_) msg.push_back(g);
  Json ans = Json::array();
  for (auto g : answer_) ans.push_back(g);
  Json round_msg = Json::array();
  for (const auto& m : round_message_) {
    Json one = Json::array();
    for (auto g : m) one.push_back(g);
    round_msg.push_back(one);
  }
  return {{"players", players_},
          {"aliens", aliens_},
          {"edition", static_cast<int>(edition_)},
          {"advanced", advanced_},
          {"zero_turn", zero_turn_},
          {"negation", negation_},
          {"custom_symbols", custom_symbols_},
          {"phase", static_cast<int>(phase_)},
          {"round", round_},
          {"turn", turn_},
          {"field_card", field_card_},
          {"field_face", field_face_},
          {"laid", laid_},
          {"covered_by", covered_by_},
          {"pad", pad_},
          {"glyph_of", glyph_of_},
          {"assigned", assigned_},
          {"random_fill", random_fill_},
          {"card", card_},
          {"rotation", rotation_},
          {"zero_char", zero_char_},
          {"zero_glyph", zero_glyph_},
          {"chosen", chosen_},
          {"chosen_ever", chosen_ever_},
          {"rotated", rotated_},
          {"asker", asker_},
          {"proposal", proposal_},
          {"answer", ans},
          {"target", target_},
          {"message", msg},
          {"speaker", speaker_},
          {"offer", offer_},
          {"attempt", attempt_},
          {"last_offer", last_offer_},
          {"tokens", tokens_},
          {"alien_winner", alien_winner_},
          {"timer", timer_},
          {"timer_ran_out", timer_ran_out_},
          {"refused", refused_},
          {"small_rounds", sr},
          {"round_rotated", round_rotated_},
          {"round_proposals", round_proposals_},
          {"round_message", round_msg},
          {"round_offer", round_offer_},
          {"note", note_},
          {"unknown", unknown_}};
}

Expected<FirstContactState> FirstContactState::from_json(const Json& j) {
  auto corrupt = [](const std::string& what) {
    return make_error(errc::kCorruptState, "first-contact state: " + what);
  };
  // A number field read with its range: out of it, the refusal says the
  // field, what it holds and what it may hold (thrown to the catch below,
  // so each read stays one line).
  struct Refused : std::runtime_error {
    using std::runtime_error::runtime_error;
  };
  auto num = [&](const char* field, long long lo, long long hi) -> long long {
    const Json& v = j.at(field);
    if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi) {
      std::string shown = v.dump();
      if (shown.size() > 40) shown = shown.substr(0, 37) + "...";
      throw Refused(fmt::format("{} is {}, not {} {} to {}", field, shown,
                                v.is_number_integer() ? "within" : "a whole number within", lo,
                                hi));
    }
    return v.get<long long>();
  };
  try {
    FirstContactState s;
    auto in = [](long long v, long long lo, long long hi) { return v >= lo && v <= hi; };
    const int players = static_cast<int>(num("players", 2, 7));
    const int aliens = static_cast<int>(num("aliens", 1, 3));
    if (!in(players - aliens, 1, 4))
      return corrupt(fmt::format("{} players with {} aliens leave {} earthlings, not 1 to 4",
                                 players, aliens, players - aliens));
    s.players_ = static_cast<std::uint8_t>(players);
    s.aliens_ = static_cast<std::uint8_t>(aliens);
    s.edition_ = static_cast<Edition>(num("edition", 0, 2));
    s.advanced_ = j.at("advanced").get<bool>();
    s.zero_turn_ = j.at("zero_turn").get<bool>();
    s.negation_ = j.at("negation").get<bool>();
    s.custom_symbols_ = j.at("custom_symbols").get<bool>();
    s.phase_ = static_cast<Phase>(num("phase", 0, static_cast<int>(Phase::kOver)));
    s.round_ = static_cast<std::uint16_t>(num("round", 0, 0xffff));
    s.turn_ = static_cast<std::uint8_t>(num("turn", 0, 0xff));
    const bool earthling_turn = s.phase_ >= Phase::kZeroTurn && s.phase_ <= Phase::kPropose;
    const bool alien_turn = s.phase_ >= Phase::kTarget && s.phase_ <= Phase::kSecondAttempt;
    if (earthling_turn && s.turn_ >= players - aliens)
      return corrupt(fmt::format("turn is {}, not within 0 to {} (an earthling's turn)", s.turn_,
                                 players - aliens - 1));
    if (alien_turn && s.turn_ >= aliens)
      return corrupt(
          fmt::format("turn is {}, not within 0 to {} (an alien's turn)", s.turn_, aliens - 1));
    s.field_card_ = j.at("field_card").get<decltype(s.field_card_)>();
    s.field_face_ = j.at("field_face").get<decltype(s.field_face_)>();
    s.laid_ = static_cast<std::uint8_t>(num("laid", 0, kSquares));
    if ((s.phase_ == Phase::kLayField) != (s.laid_ < kSquares))
      return corrupt(
          fmt::format("laid is {}: the field is laid ({} squares) in every phase but "
                      "the first, and only there not",
                      s.laid_, kSquares));
    const auto& deck = catalog().decks[static_cast<int>(s.edition_)];
    for (int q = 0; q < s.laid_; ++q) {
      if (s.field_card_[q] >= deck.size() || s.field_face_[q] >= deck[s.field_card_[q]].faces())
        return corrupt("field card");
      std::uint64_t& w = s.used_[s.field_card_[q] / 64];
      const std::uint64_t b = std::uint64_t{1} << (s.field_card_[q] % 64);
      if (w & b) return corrupt("a card lies twice on the field");
      w |= b;
    }
    s.covered_by_ = j.at("covered_by").get<decltype(s.covered_by_)>();
    for (auto c : s.covered_by_)
      if (!in(c, -1, aliens - 1)) return corrupt("covered_by");
    s.pad_ = static_cast<std::int8_t>(num("pad", -1, kPads));
    s.glyph_of_ = j.at("glyph_of").get<decltype(s.glyph_of_)>();
    for (auto g : s.glyph_of_)
      if (g >= kGlyphs) return corrupt("glyph_of");
    s.assigned_ = static_cast<std::uint8_t>(num("assigned", 0, kCharacteristics));
    s.random_fill_ = j.at("random_fill").get<bool>();
    if (s.phase_ == Phase::kCustomSymbols && s.assigned_ >= kCharacteristics)
      return corrupt("assigned");
    if (s.random_fill_ && s.phase_ != Phase::kCustomSymbols) return corrupt("random_fill");
    s.card_ = static_cast<std::int8_t>(num("card", -1, kRequestCards - 1));
    s.rotation_ = static_cast<std::uint8_t>(num("rotation", 0, kRotations - 1));
    if (s.card_ >= 0) s.compute_wanted();
    s.zero_char_ = j.at("zero_char").get<decltype(s.zero_char_)>();
    s.zero_glyph_ = j.at("zero_glyph").get<decltype(s.zero_glyph_)>();
    s.chosen_ = static_cast<std::int8_t>(num("chosen", -1, 24));
    s.chosen_ever_ = j.at("chosen_ever").get<decltype(s.chosen_ever_)>();
    s.rotated_ = static_cast<std::uint32_t>(num("rotated", 0, kAllSquares));
    s.asker_ = static_cast<std::int8_t>(num("asker", -1, players - aliens - 1));
    s.proposal_ = j.at("proposal").get<decltype(s.proposal_)>();
    for (auto g : j.at("answer")) {
      if (s.answer_.full()) return corrupt("answer");
      s.answer_.push_back(g.get<std::uint8_t>());
    }
    s.target_ = static_cast<std::int8_t>(num("target", -1, 24));
    for (auto g : j.at("message")) {
      if (s.message_.full()) return corrupt("message");
      s.message_.push_back(g.get<std::uint8_t>());
    }
    s.speaker_ = static_cast<std::int8_t>(num("speaker", -1, aliens - 1));
    s.offer_ = j.at("offer").get<decltype(s.offer_)>();
    s.attempt_ = static_cast<std::uint8_t>(num("attempt", 0, 1));
    s.last_offer_ = j.at("last_offer").get<decltype(s.last_offer_)>();
    s.tokens_ = j.at("tokens").get<decltype(s.tokens_)>();
    s.alien_winner_ = static_cast<std::int8_t>(num("alien_winner", -1, aliens - 1));
    s.timer_ = static_cast<std::int8_t>(num("timer", 0, 10));
    s.timer_ran_out_ = j.at("timer_ran_out").get<bool>();
    s.refused_ = j.at("refused").get<decltype(s.refused_)>();
    for (const auto& r : j.at("small_rounds")) {
      if (s.small_rounds_.full() || !r.is_array() || r.size() != 4) return corrupt("small_rounds");
      SmallRound x;
      x.offer = {r[0].get<std::int8_t>(), r[1].get<std::int8_t>()};
      x.offers = r[2].get<std::uint8_t>();
      x.penalty = r[3].get<std::int8_t>();
      if (x.offers > 2 || !in(x.offer[0], -1, 24) || !in(x.offer[1], -1, 24))
        return corrupt("small_rounds");
      s.small_rounds_.push_back(x);
    }
    // The round's history (absent in states saved before it existed).
    if (j.contains("round_rotated")) {
      s.round_rotated_ = j.at("round_rotated").get<decltype(s.round_rotated_)>();
      s.round_proposals_ = j.at("round_proposals").get<decltype(s.round_proposals_)>();
      s.round_offer_ = j.at("round_offer").get<decltype(s.round_offer_)>();
      const Json& rm = j.at("round_message");
      if (!rm.is_array() || rm.size() != kMaxAliens) return corrupt("round_message");
      for (int a = 0; a < kMaxAliens; ++a)
        for (auto g : rm[static_cast<std::size_t>(a)]) {
          if (s.round_message_[a].full() || (g.get<int>() & 0x7f) >= kGlyphs)
            return corrupt("round_message");
          s.round_message_[a].push_back(g.get<std::uint8_t>());
        }
      for (int e = 0; e < kMaxEarthlings; ++e) {
        if (s.round_rotated_[e] & ~kAllSquares) return corrupt("round_rotated");
        for (auto p : s.round_proposals_[e])
          if (!in(p, -1, 24)) return corrupt("round_proposals");
        for (int a = 0; a < kMaxAliens; ++a)
          for (auto q : s.round_offer_[a][e])
            if (!in(q, -1, 24)) return corrupt("round_offer");
      }
    } else {
      for (auto& q : s.round_proposals_) q.fill(-1);
      for (auto& a : s.round_offer_)
        for (auto& e : a) e.fill(-1);
    }
    s.note_ = j.at("note").get<decltype(s.note_)>();
    s.unknown_ = j.at("unknown").get<decltype(s.unknown_)>();
    // Ranges of everything used as an index.
    for (int e = 0; e < kMaxEarthlings; ++e) {
      if (!in(s.zero_char_[e], -1, 24) || !in(s.zero_glyph_[e], -1, 24) || !in(s.offer_[e], -1, 24))
        return corrupt("earthling fields");
      for (auto x : s.last_offer_[e])
        if (!in(x, -1, 24)) return corrupt("last_offer");
      for (auto x : s.note_[e])
        if (!in(x, -1, 24)) return corrupt("note");
      if ((s.chosen_ever_[e] | s.unknown_[e]) & ~kAllSquares) return corrupt("masks");
    }
    for (auto p : s.proposal_)
      if (!in(p, -1, 24)) return corrupt("proposal");
    for (auto g : s.answer_)
      if (g >= kGlyphs) return corrupt("answer");
    for (auto g : s.message_)
      if ((g & 0x7f) >= kGlyphs) return corrupt("message");
    if (!in(s.chosen_, -1, 24) || !in(s.target_, -1, 24) ||
        !in(s.asker_, -1, players - aliens - 1) || !in(s.speaker_, -1, aliens - 1) ||
        s.attempt_ > 1 || !in(s.alien_winner_, -1, aliens - 1) || !in(s.timer_, 0, 10) ||
        (s.rotated_ & ~kAllSquares))
      return corrupt("turn fields");
    if (s.phase_ >= Phase::kCustomSymbols && s.phase_ != Phase::kOver &&
        (s.card_ < 0 || s.pad_ < 0))
      return corrupt("setup incomplete for the phase");
    if (s.phase_ >= Phase::kMessage && s.phase_ <= Phase::kSecondAttempt && s.target_ < 0)
      return corrupt("no target");
    if (s.small_game() && s.phase_ >= Phase::kChoose && s.phase_ < Phase::kOver &&
        s.small_rounds_.empty())
      return corrupt("small game without round record");
    if (const char* why = s.unreachable()) return corrupt(why);
    return s;
  } catch (const Refused& e) {
    return corrupt(e.what());
  } catch (const std::exception& e) {
    return corrupt(json_error_words(e));
  }
}

}  // namespace meeple::first_contact
