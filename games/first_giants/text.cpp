// Terminal play and every text a person reads: the message catalog
// (data/messages.json joined with the cards' effect texts), cards, sets and
// News tokens in words, actions in words and the table as text.
#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

#include "games/first_giants/words.h"

namespace meeple::embedded {
extern const std::string_view first_giants_messages;
extern const std::string_view first_giants_guide;
}  // namespace meeple::embedded

namespace meeple::first_giants {

namespace {
// data/messages.json plus "card.<id>.text" from the deck; a malformed file is
// a build bug and fails loudly once.
meeple::Catalog load_messages() {
  Json j = Json::parse(embedded::first_giants_messages);
  for (int id = 0; id < kCards; ++id)
    j["card." + std::to_string(id) + ".text"] = card_json(id)["text"];
  auto c = meeple::Catalog::parse(j.dump());
  if (!c) throw std::logic_error("first-giants: bad messages.json: " + c.error().message);
  return std::move(*c);
}
}  // namespace

std::string_view FirstGiants::guide() {
  return embedded::first_giants_guide;
}

const meeple::Catalog& FirstGiants::messages() {
  static const meeple::Catalog c = load_messages();
  return c;
}

namespace words {

const meeple::Catalog& catalog() {
  return FirstGiants::messages();
}

std::string say(std::string_view key, std::string_view lang, const meeple::Catalog::Args& args) {
  return catalog().format(key, lang, args);
}

namespace {
// A card's words depend on the card and the language only, and events and
// choices name cards all the time (the server words them after every
// action): made once, for every card in every language.
struct CardWords {
  std::string card, text, with_text;
};

const CardWords& card_words(int id, std::string_view lang) {
  static const auto table = [] {
    std::array<std::array<CardWords, kCards>, kLanguages.size()> t;
    for (std::size_t l = 0; l < kLanguages.size(); ++l)
      for (int i = 0; i < kCards; ++i) {
        const std::string_view in = kLanguages[l];
        const Card& c = first_giants::card(i);
        const std::string n = std::to_string(i);
        CardWords& w = t[l][static_cast<std::size_t>(i)];
        w.card = say("card", in,
                     {{"name", say("card." + n + ".name", in)},
                      {"family", say("family." + std::to_string(c.family), in)},
                      {"size", c.egg() ? say("egg", in)
                                       : say("size", in, {{"n", std::to_string(c.size)}})}});
        w.text = say("card." + n + ".text", in);
        w.with_text = say("card_text", in, {{"card", w.card}, {"text", w.text}});
      }
    return t;
  }();
  // Another language reads as English, as the catalog does.
  const auto l = std::find(kLanguages.begin(), kLanguages.end(), lang);
  return table[l == kLanguages.end() ? 0 : static_cast<std::size_t>(l - kLanguages.begin())].at(
      static_cast<std::size_t>(id));
}
}  // namespace

const std::string& card(int id, std::string_view lang) {
  return card_words(id, lang).card;
}

const std::string& card_text(int id, std::string_view lang) {
  return card_words(id, lang).text;
}

const std::string& card_with_text(int id, std::string_view lang) {
  return card_words(id, lang).with_text;
}

std::string seat(int p, Seat observer, std::string_view lang) {
  return say(p == observer ? "seat_you" : "seat", lang, {{"n", std::to_string(p)}});
}

std::string set(const ExhibitSet& s, std::string_view lang) {
  std::string cards;
  for (int i = 0; i < s.n; ++i)
    cards += (i ? say("list_sep", lang) : std::string()) + card(s.card[i], lang);
  if (s.kind == kFamilySet)
    return say("set.family", lang,
               {{"family", say("families." + std::to_string(s.family), lang)}, {"cards", cards}});
  if (s.kind == kSizeSet && s.size == 0) return say("set.size_eggs", lang, {{"cards", cards}});
  if (s.kind == kSizeSet)
    return say("set.size", lang, {{"size", std::to_string(s.size)}, {"cards", cards}});
  return say("set.open", lang, {{"cards", cards}});
}

std::string news(int n, std::string_view lang) {
  if (n < kFamilies)
    return say("news.family", lang, {{"family", say("families." + std::to_string(n), lang)}});
  return say("news.size", lang, {{"size", std::to_string(n - kFamilies + 1)}});
}

}  // namespace words

std::string FirstGiantsState::describe_card(int id, std::string_view lang) {
  return words::card_with_text(id, lang);
}

std::string FirstGiantsState::describe_action(Seat seat, Action a, std::string_view lang) const {
  using words::say;
  auto card = [&](int c) { return words::card(c, lang); };
  if (seat == kChance) {
    if (a < 0 || a >= kCards) return say("none", lang);
    bool dealing_site = false;
    for (const auto& s : site_) dealing_site |= s[0] == kNoCard || s[1] == kNoCard;
    return say(phase_ == Phase::kDeal && dealing_site ? "act.deal" : "act.turn_up", lang,
               {{"card", card(a)}});
  }
  if (seat < 0 || seat >= players_) return say("none", lang);
  // Words only for the seat's legal actions (others would name no card).
  ActionList legal;
  legal_actions(seat, legal);
  if (!legal.contains(a)) return say("none", lang);
  const PlayerArea& me = area_[seat];
  if (a >= act::kTake && a < act::kTake + 8) {
    const int s = (a - act::kTake) / 2, k = (a - act::kTake) % 2;
    if (site_[s][k] == kNoCard) return say("none", lang);
    return say("act.take", lang,
               {{"card", card(site_[s][k])},
                {"site", words::number(s)},
                {"text", words::card_text(site_[s][k], lang)}});
  }
  if (a == act::kReclaim) {
    const int n = count_bits(std::uint32_t{me.pawns_out});
    return n ? say("act.reclaim", lang, {{"n", std::to_string(n)}}) : say("act.pass", lang);
  }
  if (a == act::kGainAmber) return say("act.reclaim_amber", lang);
  if (a >= act::kExhibit && a < act::kExhibit + kCards) {
    const int c = a - act::kExhibit;
    const bool free = phase_ == Phase::kEffect && cur_card_ != kNoCard &&
                      first_giants::card(cur_card_).effect == Effect::kExhibitFree;
    if (free) return say("act.exhibit_free", lang, {{"card", card(c)}});
    return say("act.exhibit_pay", lang,
               {{"card", card(c)}, {"cost", std::to_string(first_giants::card(c).cost())}});
  }
  if (a == act::kDecline) {
    if (cur_done_ > 0) return say("act.decline_second", lang);
    return say(
        "act.decline", lang,
        {{"text", cur_card_ == kNoCard ? say("none", lang) : words::card_text(cur_card_, lang)}});
  }
  if (a == act::kGainPoint) return say("act.gain_point", lang);
  if (a == act::kAmberForPoints)
    return say("act.amber_for_points", lang, {{"amber", std::to_string(me.amber)}});
  if (a >= act::kResolve && a < act::kResolve + kCards)
    return say(
        "act.resolve", lang,
        {{"card", card(a - act::kResolve)}, {"text", words::card_text(a - act::kResolve, lang)}});
  const std::string chosen = chosen_card_ == kNoCard ? say("none", lang) : card(chosen_card_);
  if (a == act::kNewSet) return say("act.new_set", lang, {{"card", chosen}});
  if (a >= act::kIntoSet && a < act::kCount) {
    const int j = a - act::kIntoSet;
    if (j >= static_cast<int>(me.sets.size())) return say("none", lang);
    return say("act.into_set", lang,
               {{"card", chosen}, {"n", words::number(j)}, {"set", words::set(me.sets[j], lang)}});
  }
  return say("none", lang);
}

// The board being written by text_view: whose board it is, its language and
// the text so far.
struct FirstGiantsState::TextBoard {
  const Seat observer;
  const std::string_view lang;
  std::string out;

  std::string who(int p) const { return words::seat(p, observer, lang); }
  void line(int indent, const std::string& text) {
    out += std::string(static_cast<std::size_t>(indent), ' ') + text + "\n";
  }
};

// Whose turn, the deck, the tokens and whether the end has come.
void FirstGiantsState::text_table(TextBoard& b) const {
  using words::say;
  const std::string_view lang = b.lang;
  if (phase_ != Phase::kOver)
    b.line(0, say("view.turn", lang,
                  {{"who", b.who(active_)}, {"round", std::to_string(turn_ / players_ + 1)}}));
  b.line(0, top_ == kNoCard && !deck_
                ? say("view.deck_empty", lang)
                : say("view.deck", lang,
                      {{"n", std::to_string(deck_count())},
                       {"card", top_ == kNoCard ? say("none", lang) : describe_card(top_, lang)}}));
  b.line(0, say("view.tokens", lang,
                {{"reserve", std::to_string(reserve_)}, {"box", std::to_string(box_)}}));
  if (end_triggered_ && phase_ != Phase::kOver)
    b.line(0, say("view.end_triggered", lang, {{"who", b.who(players_ - 1)}}));
}

// The dig sites: whose pawns are there and their two cards.
void FirstGiantsState::text_sites(TextBoard& b) const {
  using words::say;
  const std::string_view lang = b.lang;
  b.line(0, say("view.sites", lang));
  for (int s = 0; s < kSites; ++s) {
    std::string pawns;
    for (int p = 0; p < players_; ++p)
      if (area_[p].pawns_out & (1 << s))
        pawns += (pawns.empty() ? "" : say("list_sep", lang)) + b.who(p);
    b.line(2,
           say("view.site", lang,
               {{"n", words::number(s)},
                {"pawns", pawns.empty() ? "" : say("view.site_pawns", lang, {{"list", pawns}})}}));
    for (int k = 0; k < 2; ++k)
      b.line(4, site_[s][k] == kNoCard ? say("view.empty_slot", lang)
                                       : describe_card(site_[s][k], lang));
  }
}

// A player's area: amber, points, pawns, score, studio and exhibit.
void FirstGiantsState::text_player_area(TextBoard& b, int p) const {
  using words::say;
  const std::string_view lang = b.lang;
  const PlayerArea& a = area_[p];
  b.line(0, say("view.player", lang,
                {{"who", b.who(p)},
                 {"amber", std::to_string(a.amber)},
                 {"points", std::to_string(a.points)},
                 {"pawns", std::to_string(kPawns - count_bits(std::uint32_t{a.pawns_out}))},
                 {"score", std::to_string(score(p))}}));
  if (!a.studio) {
    b.line(2, say("view.studio_empty", lang));
  } else {
    b.line(2, say("view.studio", lang));
    for_each_bit(a.studio, [&](int c) { b.line(4, describe_card(c, lang)); });
  }
  if (!a.sets.empty()) {
    b.line(2, say("view.exhibit", lang));
    for (int j = 0; j < static_cast<int>(a.sets.size()); ++j) {
      const ExhibitSet& set = a.sets[j];
      b.line(4, say("set.line", lang,
                    {{"n", words::number(j)},
                     {"set", words::set(set, lang)},
                     {"tokens", std::to_string(set.tokens)},
                     {"complete", set.complete() ? say("set.complete", lang) : ""}}));
    }
  }
}

// The news and who holds each, and the cards waiting for their owners.
void FirstGiantsState::text_news(TextBoard& b) const {
  using words::say;
  const std::string_view lang = b.lang;
  b.line(0, say("news.heading", lang));
  for (int n = 0; n < kNews; ++n) {
    const int h = news_holder_[n];
    const std::string holder = h < 0           ? say("news.nobody", lang)
                               : news_kept_[n] ? say("news.kept", lang, {{"holder", b.who(h)}})
                                               : b.who(h);
    b.line(2, say("news.line", lang, {{"news", words::news(n, lang)}, {"holder", holder}}));
  }
  if (!pending_.empty()) {
    std::string list;
    for (const auto& pd : pending_)
      list += (list.empty() ? "" : say("list_sep", lang)) +
              say("view.pending_item", lang,
                  {{"card", words::card(pd.card, lang)}, {"who", b.who(pd.owner)}});
    b.line(0, say("view.pending", lang, {{"list", list}}));
  }
}

// Who decides now, and why (at the end: the final scores).
void FirstGiantsState::text_ask(TextBoard& b) const {
  using words::say;
  const std::string_view lang = b.lang;
  const Seat observer = b.observer;
  const Seat d = decider();
  switch (phase_) {
    case Phase::kTurn:
      b.line(0, say("ask.turn", lang, {{"who", b.who(d)}}));
      break;
    case Phase::kOrder:
      b.line(0, say("ask.order", lang, {{"who", b.who(d)}}));
      break;
    case Phase::kEffect: {
      const Card& k = card(cur_card_);
      std::string t = say("ask.effect", lang,
                          {{"who", b.who(d)},
                           {"card", words::card(cur_card_, lang)},
                           {"owner", b.who(cur_owner_)},
                           {"text", words::card_text(cur_card_, lang)}});
      if (cur_left_ > 1) t += say("ask.repeats", lang, {{"n", std::to_string(cur_left_ - 1)}});
      if (cur_done_ > 0)
        t += say(
            k.effect == Effect::kExhibitTwoDifferent ? "ask.second_different" : "ask.second_same",
            lang);
      b.line(0, t);
      break;
    }
    case Phase::kTarget:
      b.line(0, say("ask.target", lang,
                    {{"who", b.who(d)}, {"card", words::card(chosen_card_, lang)}}));
      break;
    case Phase::kReclaim:
      b.line(0,
             say("ask.reclaim", lang, {{"who", b.who(d)}, {"n", std::to_string(reclaim_left_)}}));
      break;
    case Phase::kOver:
      b.out += final_text(observer, lang);
      break;
    default:
      break;
  }
}

// The board from the top of the screen down: the table, the dig sites, the
// players' areas, the news, and who decides now. A marked board has the
// seat's own amber, pawns, studio and exhibit after the mark, next to why
// it is asked; the rest above.
std::string FirstGiantsState::text_view(Seat observer, std::string_view lang, int level) const {
  const bool own_last = level >= kTextDetailMarked && observer >= 0 && observer < players_;
  TextBoard b{.observer = observer, .lang = lang, .out = {}};
  text_table(b);
  text_sites(b);
  for (int p = 0; p < players_; ++p)
    if (!own_last || p != observer) text_player_area(b, p);
  text_news(b);
  if (own_last) {
    b.line(0, std::string(kTextDecisionMark));
    text_player_area(b, observer);
  }
  text_ask(b);
  return std::move(b.out);
}

// The end: each seat's score and its parts, its News tokens, the winners.
std::string FirstGiantsState::final_text(Seat observer, std::string_view lang) const {
  using words::say;
  auto who = [&](int p) { return words::seat(p, observer, lang); };
  std::string out = say("end.heading", lang) + "\n";
  for (int p = 0; p < players_; ++p) {
    int complete = 0;
    for (const auto& s : area_[p].sets) complete += s.complete();
    out += "  " +
           say("end.score", lang,
               {{"who", who(p)},
                {"total", std::to_string(score(p))},
                {"points", std::to_string(area_[p].points)},
                {"news", std::to_string(news_score(p))},
                {"sets", std::to_string(set_token_score(p))},
                {"n", std::to_string(area_[p].sets.size())},
                {"complete", std::to_string(complete)}}) +
           "\n";
    std::string held;
    for (int n = 0; n < kNews; ++n)
      if (news_holder_[n] == p)
        held += (held.empty() ? "" : say("list_sep", lang)) + words::news(n, lang);
    if (!held.empty()) out += "  " + say("end.news", lang, {{"list", held}}) + "\n";
  }
  const GameResult r = result();
  std::string winners;
  int count = 0;
  for (int p = 0; p < players_; ++p)
    if (r.winners.contains(p)) {
      winners += (count++ ? say("list_sep", lang) : std::string()) + who(p);
    }
  out += say(count > 1 ? "end.winners" : "end.winner", lang, {{"list", winners}}) + "\n";
  return out;
}

}  // namespace meeple::first_giants
