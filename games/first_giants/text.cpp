// Terminal play: actions in words and the table as text, card effects in the
// chosen language (en, it, ko; others fall back to English).
#include <string>

#include "games/first_giants/rules_internal.h"

namespace meeple::first_giants {

namespace {
std::string card_words(int id, std::string_view lang) {
  const Card& c = card(id);
  const Json& text = card_json(id)["text"];
  const std::string l(lang);
  std::string name =
      c.egg() ? std::string(kFamilyNames[c.family]) + " egg"
              : "size-" + std::to_string(c.size) + " " + std::string(kFamilyNames[c.family]);
  return name + " (#" + std::to_string(id) + ": " +
         (text.contains(l) ? text[l] : text["en"]).get<std::string>() + ")";
}
}  // namespace

std::string FirstGiantsState::describe_card(int id, std::string_view lang) {
  return card_words(id, lang);
}

std::string FirstGiantsState::describe_action(Seat seat, Action a, std::string_view lang) const {
  if (seat == kChance) return "draw " + card_words(a, lang);
  if (a >= act::kTake && a < act::kTake + 8) {
    const int s = (a - act::kTake) / 2, k = (a - act::kTake) % 2;
    return "play a pawn on dig site " + std::to_string(s) + " and take the " +
           card_words(site_[s][k], lang);
  }
  if (a == act::kReclaim) return "reclaim your pawns";
  if (a == act::kDecline) return "decline";
  if (a == act::kGainAmber) return "gain 1 amber";
  if (a == act::kGainPoint) return "gain 1 point";
  if (a == act::kAmberForPoints) return "spend 3 amber for 2 points";
  if (a >= act::kResolve && a < act::kResolve + kCards)
    return "resolve next the effect of the " + card_words(a - act::kResolve, lang);
  if (a >= act::kExhibit && a < act::kExhibit + kCards)
    return "exhibit the " + card_words(a - act::kExhibit, lang);
  if (a == act::kNewSet) return "start a new set with it";
  if (a >= act::kIntoSet && a < act::kCount && seat >= 0 && seat < players_) {
    const int j = a - act::kIntoSet;
    if (j >= static_cast<int>(area_[seat].sets.size())) return "add it to set " + std::to_string(j);
    const ExhibitSet& set = area_[seat].sets[j];
    std::string what =
        set.kind == kFamilySet ? "Family set of " + std::string(kFamilyNames[set.family])
        : set.kind == kSizeSet ? (set.size ? "Size set of size " + std::to_string(set.size)
                                           : std::string("Size set of eggs"))
                               : "set started by the " + card_words(set.card[0], "en");
    return "add it to set " + std::to_string(j) + " (" + what + ", " + std::to_string(set.n) +
           " cards)";
  }
  return "action " + std::to_string(a);
}

std::string FirstGiantsState::text_view(Seat, std::string_view lang) const {
  std::string out = "Turn of seat " + std::to_string(active_) + " (" +
                    std::string(kPhaseNames[static_cast<int>(phase_)]) + "), deck " +
                    std::to_string(deck_count()) + ", set tokens in reserve " +
                    std::to_string(reserve_) + (end_triggered_ ? ", END TRIGGERED" : "") + "\n";
  out += "Deck top: " + (top_ == kNoCard ? std::string("-") : card_words(top_, lang)) + "\n";
  for (int s = 0; s < kSites; ++s) {
    out += "Dig site " + std::to_string(s) + ":";
    for (int p = 0; p < players_; ++p)
      if (area_[p].pawns_out & (1 << s)) out += " [pawn " + std::to_string(p) + "]";
    out += "\n";
    for (int k = 0; k < 2; ++k)
      out += std::string(k == 0 ? "  left:  " : "  right: ") +
             (site_[s][k] == kNoCard ? std::string("-") : card_words(site_[s][k], lang)) + "\n";
  }
  for (int p = 0; p < players_; ++p) {
    const PlayerArea& a = area_[p];
    out += "Seat " + std::to_string(p) + ": " + std::to_string(a.amber) + " amber, " +
           std::to_string(a.points) + " points, score " + std::to_string(score(p)) + ", " +
           std::to_string(kPawns - count_bits(std::uint32_t{a.pawns_out})) + " pawns in hand\n";
    for_each_bit(a.studio, [&](int c) { out += "  studio: " + card_words(c, lang) + "\n"; });
    for (int j = 0; j < static_cast<int>(a.sets.size()); ++j) {
      const ExhibitSet& set = a.sets[j];
      out += "  set " + std::to_string(j) + " (" +
             (set.kind == kFamilySet ? "family"
              : set.kind == kSizeSet ? "size"
                                     : "open") +
             ", " + std::to_string(set.tokens) + " tokens" + (set.complete() ? ", complete" : "") +
             "):";
      for (int i = 0; i < set.n; ++i) out += " #" + std::to_string(set.card[i]);
      out += "\n";
    }
  }
  for (int n = 0; n < kNews; ++n)
    if (news_holder_[n] >= 0)
      out += "News " + news_name(n).get<std::string>() + ": seat " +
             std::to_string(news_holder_[n]) + (news_kept_[n] ? " (kept for good)" : "") + "\n";
  return out;
}

}  // namespace meeple::first_giants
