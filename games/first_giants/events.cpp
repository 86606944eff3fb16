// Events in words (docs/rules/first-giants.md "Events in words"): what one
// action does, told to one observer, asked before the action is applied. The
// action is applied to a copy and the two states compared, so the words
// follow the rules code instead of repeating it. Everything in First Giants
// is public but the face-down cards below the deck's top, and a chance event
// is told only as the card that turned up, which every seat sees.
#include <string>
#include <vector>

#include "games/first_giants/words.h"

namespace meeple::first_giants {

std::string FirstGiantsState::describe_event(Seat observer, Seat actor, Action a,
                                             std::string_view lang) const {
  using words::say;
  if (is_terminal() || (actor == kChance) != is_chance()) return "";
  // Only actions that may happen now are told (never a crash on others).
  if (actor == kChance ? (a < 0 || a >= kCards || !(deck_ & bit(a)))
                       : (actor < 0 || actor >= players_ || decider() != actor))
    return "";
  if (actor != kChance) {
    ActionList legal;
    legal_actions(actor, legal);
    if (!legal.contains(a)) return "";
  }
  FirstGiantsState after = *this;
  after.apply_unchecked(actor, a);
  std::vector<std::string> said;
  auto who = [&](int p) { return words::seat(p, observer, lang); };
  auto card = [&](int c) { return words::card(c, lang); };

  // The action itself.
  if (actor == kChance) {
    if (phase_ == Phase::kDeal && after.top_ == kNoCard) {
      for (int s = 0; s < kSites; ++s)
        for (int k = 0; k < 2; ++k)
          if (site_[s][k] == kNoCard && after.site_[s][k] == a)
            said.push_back(say("ev.deal", lang, {{"card", card(a)}, {"site", words::number(s)}}));
    } else {
      said.push_back(say(phase_ == Phase::kDeal ? "ev.first_top" : "ev.turn_up", lang,
                         {{"card", card(a)}, {"n", std::to_string(after.deck_count())}}));
    }
  } else if (a >= act::kTake && a < act::kTake + 8) {
    const int s = (a - act::kTake) / 2, k = (a - act::kTake) % 2, c = site_[s][k];
    said.push_back(
        say("ev.take", lang, {{"who", who(actor)}, {"site", words::number(s)}, {"card", card(c)}}));
    // The effects the take fires, as the rules queue them.
    FirstGiantsState fired = *this;
    const bool new_family =
        !(area_[actor].studio & catalog().of_family[first_giants::card(c).family]);
    fired.area_[actor].studio |= bit(c);
    fired.trigger_effects(actor, c, new_family);
    std::string list;
    for (const auto& pd : fired.pending_)
      list += (list.empty() ? "" : say("list_sep", lang)) +
              say("ev.fire_item", lang,
                  {{"card", card(pd.card)},
                   {"who", who(pd.owner)},
                   {"text", words::card_text(pd.card, lang)}});
    if (!list.empty()) said.push_back(say("ev.fire", lang, {{"list", list}}));
  } else if (a == act::kReclaim) {
    const int n = count_bits(std::uint32_t{area_[actor].pawns_out});
    said.push_back(n ? say("ev.reclaim", lang, {{"who", who(actor)}, {"n", std::to_string(n)}})
                     : say("ev.pass", lang, {{"who", who(actor)}}));
  } else if (phase_ == Phase::kReclaim && a == act::kGainAmber) {
    said.push_back(say("ev.reclaim_amber", lang, {{"who", who(actor)}}));
  } else if (phase_ == Phase::kOrder) {
    said.push_back(
        say("ev.resolve", lang, {{"who", who(actor)}, {"card", card(a - act::kResolve)}}));
  } else if (a >= act::kExhibit && a < act::kExhibit + kCards) {
    said.push_back(
        say("ev.choose", lang, {{"who", who(actor)}, {"card", card(a - act::kExhibit)}}));
  } else if (phase_ == Phase::kTarget) {
    const int j =
        a == act::kNewSet ? static_cast<int>(area_[actor].sets.size()) : a - act::kIntoSet;
    said.push_back(
        a == act::kNewSet
            ? say("ev.new_set", lang,
                  {{"who", who(actor)}, {"card", card(chosen_card_)}, {"n", words::number(j)}})
            : say("ev.into_set", lang,
                  {{"who", who(actor)},
                   {"card", card(chosen_card_)},
                   {"n", words::number(j)},
                   {"set", words::set(after.area_[actor].sets[j], lang)}}));
  } else if (a == act::kDecline) {
    said.push_back(say(cur_done_ > 0 ? "ev.decline_second" : "ev.decline", lang,
                       {{"who", who(actor)}, {"card", card(cur_card_)}}));
  } else if (a == act::kGainPoint) {
    said.push_back(say("ev.gain_point", lang, {{"who", who(actor)}, {"card", card(cur_card_)}}));
  } else if (a == act::kAmberForPoints) {
    said.push_back(
        say("ev.amber_for_points", lang, {{"who", who(actor)}, {"card", card(cur_card_)}}));
  }

  // A seat's own action reads "seat 2: takes ...", as in every game's events.
  if (actor != kChance && !said.empty())
    said[0] = say("ev.actor", lang, {{"who", who(actor)}, {"what", said[0]}});

  // What it led to: the refill, amber and points, set and News tokens.
  for (int s = 0; s < kSites; ++s)
    for (int k = 0; k < 2; ++k)
      if (top_ != kNoCard && after.site_[s][k] == top_ && site_[s][k] != top_)
        said.push_back(say("ev.refill", lang, {{"card", card(top_)}, {"site", words::number(s)}}));
  if (phase_ != Phase::kDeal && (refill_due_ || after.refill_due_) && !after.refill_due_ &&
      after.site_[after.refill_site_][after.refill_slot_] == kNoCard)
    said.push_back(say("ev.no_refill", lang, {{"site", words::number(after.refill_site_)}}));
  bool token_taken = false;
  for (int p = 0; p < players_; ++p) {
    const PlayerArea &b = area_[p], &n = after.area_[p];
    if (n.amber > b.amber)
      said.push_back(say("ev.amber_up", lang,
                         {{"who", who(p)},
                          {"n", std::to_string(n.amber - b.amber)},
                          {"total", std::to_string(n.amber)}}));
    if (n.amber < b.amber)
      said.push_back(say("ev.amber_down", lang,
                         {{"who", who(p)},
                          {"n", std::to_string(b.amber - n.amber)},
                          {"total", std::to_string(n.amber)}}));
    if (n.points > b.points)
      said.push_back(say("ev.points_up", lang,
                         {{"who", who(p)},
                          {"n", std::to_string(n.points - b.points)},
                          {"total", std::to_string(n.points)}}));
    for (int j = 0; j < static_cast<int>(b.sets.size()); ++j) {
      const ExhibitSet &was = b.sets[j], &now = n.sets[j];
      if (now.n == was.n) continue;
      const meeple::Catalog::Args set_args = {{"who", who(p)}, {"n", words::number(j)}};
      if (now.tokens > was.tokens) {
        token_taken = true;
        said.push_back(say(
            "ev.set_token", lang,
            {{"who", who(p)}, {"n", words::number(j)}, {"left", std::to_string(reserve_ - 1)}}));
      } else {
        said.push_back(say("ev.no_set_token", lang, set_args));
      }
      if (now.complete()) said.push_back(say("ev.set_complete", lang, set_args));
    }
  }
  for (int nw = 0; nw < kNews; ++nw) {
    const int h = news_holder_[nw], now = after.news_holder_[nw];
    if (now != h && h < 0)
      said.push_back(
          say("ev.news_take", lang, {{"who", who(now)}, {"news", words::news(nw, lang)}}));
    else if (now != h)
      said.push_back(say("ev.news_steal", lang,
                         {{"who", who(now)}, {"news", words::news(nw, lang)}, {"from", who(h)}}));
    if (after.news_kept_[nw] && !news_kept_[nw])
      said.push_back(
          say("ev.news_kept", lang, {{"who", who(now)}, {"news", words::news(nw, lang)}}));
  }

  // The end, the next turn, the winners.
  if (after.end_triggered_ && !end_triggered_) {
    said.push_back(
        say(token_taken && after.reserve_ == box_ ? "ev.end_tokens" : "ev.end_deck", lang));
    said.push_back(box_ ? say("ev.box", lang, {{"n", std::to_string(box_)}})
                        : say("ev.box_empty", lang));
    if (!after.is_terminal())
      said.push_back(say("ev.last_turn", lang, {{"who", who(players_ - 1)}}));
  }
  if (after.is_terminal()) {
    said.push_back(say("ev.game_over", lang));
    said.push_back(after.final_text(observer, lang));
  } else if (after.phase_ == Phase::kTurn && (phase_ != Phase::kTurn || after.active_ != active_) &&
             phase_ != Phase::kDeal) {
    said.push_back(say("ev.next", lang, {{"who", who(after.active_)}}));
  }
  std::string out;
  for (const auto& s : said) {
    if (!out.empty() && out.back() != '\n') out += ' ';
    out += s;
  }
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

}  // namespace meeple::first_giants
