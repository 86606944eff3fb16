// Ufo!'s board in words (text_view, for terminal play): the heading, the
// players, the map, a bump or a control roll under way, why a seat is asked
// and the end. Nothing is hidden in Ufo!, so it shows only what view() holds.
#include <string>
#include <string_view>

#include "games/ufo/internal.h"
#include "games/ufo/words.h"

namespace meeple::ufo {

// The board being written by text_view: the words of its language, whose
// board it is, the detail asked for and the text so far.
struct UfoState::TextBoard {
  const UfoState& s;
  const std::string_view lang;  // (Words{lang}: games/ufo/words.h)
  const Seat seat;
  const bool marked;
  const bool compact;
  std::string out;

  std::string ufo(int u) const { return ufo_words(Words{lang}, s, u, kNone); }
  // A seat, "(you)" after the observer's own wherever the board names it
  // as a player (the players' lines, who is asked, the final scores).
  std::string who(Seat p) const {
    const Words w{lang};
    return w.seat(p) + (p == seat ? " (" + w.t("you") + ")" : "");
  }
};

// The heading: round, phase, whose turn, who decides, who you are.
void UfoState::text_heading(TextBoard& b) const {
  const Words w{b.lang};
  const Seat seat = b.seat;
  const int rnd = turns_ == 0 ? 0 : (turns_ - 1) / players_ + 1;
  std::string head = w.f(
      "tv.header",
      {{"round", std::to_string(rnd)},
       {"limit", max_rounds_ > 0 ? w.f("tv.limit", {{"max", std::to_string(max_rounds_)}}) : ""},
       {"phase", w.t(std::string("phase.") + kPhaseNames[static_cast<int>(phase_)])}});
  if (phase_ != Phase::kOver && phase_ != Phase::kTokens)
    head += "; " + w.f("tv.turn_of", {{"seat", w.seat(active_)}});
  const SeatSet ta = to_act();
  for (Seat p = 0; p < players_; ++p)
    if (ta.contains(p) && p != active_) head += "; " + w.f("tv.to_decide", {{"seat", w.seat(p)}});
  if (seat >= 0 && seat < players_) head += "; " + w.f("tv.you_are", {{"seat", w.seat(seat)}});
  b.out += head + "\n";
}

// Each player's score, cities, UFOs and supplies.
void UfoState::text_players(TextBoard& b) const {
  const Words w{b.lang};
  b.out += w.t("tv.players") + "\n";
  for (Seat p = 0; p < players_; ++p) {
    b.out += "  " + w.f("tv.player", {{"seat", b.who(p)},
                                      {"score", std::to_string(score(p))},
                                      {"cities", std::to_string(controlled_cities(p))},
                                      {"ufos", std::to_string(ufos_in_play(p))},
                                      {"std", std::to_string(ufo_supply(p, UfoType::kStandard))},
                                      {"t_std", w.type(UfoType::kStandard)},
                                      {"bmp", std::to_string(ufo_supply(p, UfoType::kBumper))},
                                      {"t_bmp", w.type(UfoType::kBumper)},
                                      {"sed", std::to_string(ufo_supply(p, UfoType::kSedator))},
                                      {"t_sed", w.type(UfoType::kSedator)},
                                      {"rest", std::to_string(restaurant_supply(p))},
                                      {"kiosks", std::to_string(kiosk_supply(p))},
                                      {"eyes", std::to_string(eyewitness_supply(p))}});
    if (skips_next_turn(p)) b.out += w.t("tv.skips");
    b.out += "\n";
  }
}

// The UFOs on space `s`, each with what it did this turn.
std::vector<std::string> UfoState::text_ufos_at(const TextBoard& b, int s) const {
  const Words w{b.lang};
  const int n = static_cast<int>(ufos_.size());
  std::vector<std::string> items;
  for (int u = 0; u < n; ++u) {
    const UfoPiece& f = ufos_[u];
    if (f.space != s) continue;
    std::string item = b.ufo(u);
    std::vector<std::string> flags;
    if (f.moved) flags.push_back(w.t("tv.flag.moved"));
    if (f.stopped) flags.push_back(w.t("tv.flag.stopped"));
    if (f.used) flags.push_back(w.t("tv.flag.used"));
    if (!flags.empty()) item += " [" + joined(flags) + "]";
    items.push_back(item);
  }
  return items;
}

// The spaces in play that space `s`'s lines lead to.
std::string UfoState::text_lines_of(const TextBoard& b, int s) const {
  const Words w{b.lang};
  std::vector<std::string> to;
  for (auto x : space_at(s).lines)
    if (in_play(x)) to.push_back(w.place(x));
  return " → " + joined(to);
}

// The villages in play: kiosks, UFOs and lines.
std::string UfoState::text_villages(const TextBoard& b) const {
  const Words w{b.lang};
  std::string villages = w.t("tv.villages") + "\n";
  for (int s = kNumCities; s < kNumSpaces; ++s) {
    if (!in_play(s)) continue;
    std::vector<std::string> parts;
    if (kiosk_[s] != kNone) parts.push_back(w.f("tv.kiosk", {{"seat", w.seat(kiosk_[s])}}));
    const auto here = text_ufos_at(b, s);
    if (!here.empty()) parts.push_back(w.f("tv.ufos", {{"list", joined(here)}}));
    std::string line = "  " + w.place(s);
    if (!parts.empty()) line += ": ";
    for (std::size_t i = 0; i < parts.size(); ++i) line += (i ? "; " : "") + parts[i];
    villages += line + text_lines_of(b, s) + "\n";
  }
  return villages;
}

// The cities in play: token, restaurants, control, eyewitnesses, UFOs and (but
// compact) lines.
void UfoState::text_cities(TextBoard& b) const {
  const Words w{b.lang};
  const bool compact = b.compact;
  b.out += w.t("tv.cities") + "\n";
  for (int c = 0; c < kNumCities; ++c) {
    if (!in_play(c)) continue;
    std::vector<std::string> parts;
    if (token_[c] != kNone) {
      std::vector<std::string> slots_words;
      for (int k = 0; k < slots(c); ++k)
        slots_words.push_back(restaurant_[c][k] == kNone ? w.t("tv.free")
                                                         : w.seat(restaurant_[c][k]));
      parts.push_back(
          w.f("tv.city", {{"res", std::to_string(resistance(c))}, {"slots", joined(slots_words)}}));
    } else {
      parts.push_back(w.t("tv.no_token"));
    }
    if (controller(c) != kNone)
      parts.push_back(w.f("tv.controlled", {{"seat", w.seat(controller(c))}}));
    if ((tried_mask_ >> c) & 1u) parts.push_back(w.t("tv.tried"));
    std::vector<std::string> eyes;
    for (Seat p = 0; p < players_; ++p)
      if (eyewitness_[c][p] > 0)
        eyes.push_back(
            w.f("tv.count_of", {{"n", std::to_string(eyewitness_[c][p])}, {"seat", w.seat(p)}}));
    if (!eyes.empty()) parts.push_back(w.f("tv.eyewitnesses", {{"list", joined(eyes)}}));
    const auto here = text_ufos_at(b, c);
    if (!here.empty()) parts.push_back(w.f("tv.ufos", {{"list", joined(here)}}));
    std::string line = "  " + w.place(c) + ": ";
    for (std::size_t i = 0; i < parts.size(); ++i) line += (i ? "; " : "") + parts[i];
    b.out += line + (compact ? "" : text_lines_of(b, c)) + "\n";
  }
}

// A bump under way: who attacks whom, who is in range and whom each backs
// (rulings 3.2), the dice and the pushing.
void UfoState::text_bump(TextBoard& b) const {
  const Words w{b.lang};
  const int n = static_cast<int>(ufos_.size());
  if (lost_bump_) b.out += w.f("tv.lost_bump", {{"seat", w.seat(active_)}}) + "\n";
  if (bump_space_ != kNone) {
    b.out += w.f("tv.bump", {{"space", w.place(bump_space_)},
                             {"ufo", b.ufo(attacker_ufo_)},
                             {"att", w.seat(active_)},
                             {"def", w.seat(defender_)},
                             {"ab", signed_number(att_bonus_)},
                             {"db", signed_number(def_bonus_)}}) +
             "\n";
    // Who is in range and whom each backs (rulings 3.2).
    const std::uint64_t near = topology().neighbours[bump_space_] | bit(bump_space_);
    std::vector<std::string> range;
    bool defender_named = false;
    for (int u = 0; u < n; ++u) {
      const UfoPiece& f = ufos_[u];
      if (!((near >> f.space) & 1u)) continue;
      bool queued = false;
      for (auto v : support_queue_) queued |= v == u;
      if (u == attacker_ufo_) {
        range.push_back(w.f("tv.attacks", {{"ufo", b.ufo(u)}}));
      } else if (f.owner == active_) {
        range.push_back(w.f("tv.backs_attacker", {{"ufo", b.ufo(u)}}));
      } else if (f.owner == defender_) {
        const bool defends = !defender_named && f.space == bump_space_;
        defender_named |= defends;
        range.push_back(w.f(defends ? "tv.defends" : "tv.backs_defender", {{"ufo", b.ufo(u)}}));
      } else {
        range.push_back(w.f(queued ? "tv.undecided" : "tv.decided", {{"ufo", b.ufo(u)}}));
      }
    }
    b.out += "  " + w.f("tv.in_range", {{"list", joined(range)}}) + "\n";
    if (phase_ == Phase::kDefendDie)
      b.out += "  " + w.f("tv.attacker_rolled", {{"die", std::to_string(att_die_)}}) + "\n";
    if (winner_ != kNone) {
      std::vector<std::string> losing;
      for (auto u : losers_) losing.push_back(b.ufo(u));
      b.out += "  " +
               w.f("tv.pushing", {{"seat", w.seat(winner_)},
                                  {"n", std::to_string(steps_left_)},
                                  {"list", joined(losing)}}) +
               "\n";
    }
  }
}

// A control roll under way: the city, the deed and the roll needed.
void UfoState::text_control(TextBoard& b) const {
  const Words w{b.lang};
  if (roller_ != kNone) {
    const int c = ufos_[roller_].space;
    const int mod = control_modifier(roller_) + assist_;
    b.out += w.f("tv.control",
                 {{"city", w.place(c)},
                  {"ufo", b.ufo(roller_)},
                  {"deed", w.t(deed_ == Deed::kOpenRestaurant ? "deed.open" : "deed.take")},
                  {"res", std::to_string(resistance(c))},
                  {"mod", signed_number(mod)},
                  {"n", std::to_string(assist_)},
                  {"need", std::to_string(resistance(c) - mod)}}) +
             "\n";
  }
}

// Why a seat is asked now, when it is not plainly its own turn's step.
void UfoState::text_why(TextBoard& b) const {
  const Words w{b.lang};
  switch (phase_) {
    case Phase::kSupport:
      b.out += w.f("why.support", {{"seat", b.who(ufos_[supporter()].owner)},
                                   {"ufo", b.ufo(supporter())},
                                   {"space", w.place(bump_space_)}}) +
               "\n";
      break;
    case Phase::kDisplace:
      b.out += w.f("why.displace", {{"seat", b.who(winner_)}}) + "\n";
      break;
    case Phase::kEyewitness:
      b.out +=
          w.f("why.eyewitness",
              {{"seat", b.who(winner_)}, {"loser", w.seat(loser_)}, {"city", w.place(eye_city_)}}) +
          "\n";
      break;
    case Phase::kNewUfo:
      b.out += w.f("why.new_ufo", {{"seat", b.who(active_)},
                                   {"cities", std::to_string(controlled_cities(active_))},
                                   {"ufos", std::to_string(ufos_in_play(active_))}}) +
               "\n";
      break;
    default:
      break;
  }
}

// The end: every score with its figures.
void UfoState::text_final(TextBoard& b) const {
  const Words w{b.lang};
  if (phase_ == Phase::kOver) {
    const GameResult r = result();
    b.out += w.f("tv.final", {{"why", w.t(std::string("verdict.") + verdict())}}) + "\n";
    for (Seat p = 0; p < players_; ++p) {
      const Figures fig = figures(p);
      b.out += "  " +
               w.f("tv.final_line", {{"seat", b.who(p)},
                                     {"score", std::to_string(fig.score)},
                                     {"rest", std::to_string(fig.restaurant_points)},
                                     {"kiosks", std::to_string(fig.kiosks)},
                                     {"eyes", std::to_string(fig.eyewitnesses)},
                                     {"cities", std::to_string(fig.cities)},
                                     {"winner", r.winners.contains(p) ? w.t("tv.winner") : ""}}) +
               "\n";
    }
  }
}

// The board from the top of the screen down: the heading, the players, the
// map (a marked board has the villages above its mark and the cities, where
// UFOs open restaurants, take control and bump, after it, next to the
// prompt; compact, the cities without their lines), a bump or a control
// roll under way, why a seat is asked, and the end.
std::string UfoState::text_view(Seat seat, std::string_view lang, int level) const {
  TextBoard b{.s = *this,
              .lang = lang,
              .seat = seat,
              .marked = level >= kTextDetailMarked,
              .compact = level >= kTextDetailCompact,
              .out = {}};
  text_heading(b);
  text_players(b);
  const std::string villages = text_villages(b);
  b.out += Words{lang}.t("tv.map") + "\n";
  if (b.marked) b.out += villages + std::string(kTextDecisionMark) + "\n";
  text_cities(b);
  if (!b.marked) b.out += villages;
  text_bump(b);
  text_control(b);
  text_why(b);
  text_final(b);
  return std::move(b.out);
}

}  // namespace meeple::ufo
