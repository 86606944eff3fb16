#include "core/conformance.h"

#include <fmt/format.h>

#include "core/i18n.h"

namespace meeple {

namespace {

std::string seat_name(Seat s) {
  if (s == kChance) return "chance";
  if (s == kSpectator) return "spectator";
  return fmt::format("seat {}", s);
}

void check_action_json(const AnyState& s, Seat seat, Action a, std::vector<std::string>& p) {
  Json j = s.action_to_json(seat, a);
  auto back = s.action_from_json(seat, j);
  if (!back || *back != a)
    p.push_back(
        fmt::format("{}: action {} -> {} does not parse back", seat_name(seat), a, j.dump()));
  // The JSON form must survive text, as it travels over the network.
  auto text_back = s.action_from_json(seat, Json::parse(j.dump()));
  if (!text_back || *text_back != a)
    p.push_back(fmt::format("{}: action {} JSON text does not parse back", seat_name(seat), a));
  // The text the server sends among the choices is the JSON's own dump.
  std::string text;
  JsonWriter w(text);
  s.write_action(seat, a, w);
  if (text != j.dump())
    p.push_back(fmt::format("{}: action {} is written as {}, not as its JSON {}", seat_name(seat),
                            a, text, j.dump()));
}

// A game whose words are public tells every observer an event in the same
// words (the server then words each event once per language for all of them).
void check_public_event(const AnyState& s, Seat actor, Action a, std::vector<std::string>& p) {
  if (!s.words_public() || !s.has_events()) return;
  for (std::string_view lang : kLanguages) {
    const std::string told = s.describe_event(kSpectator, actor, a, lang);
    for (Seat seat = 0; seat < s.num_players(); ++seat)
      if (s.describe_event(seat, actor, a, lang) != told)
        p.push_back(fmt::format(
            "{}: the words are said to be public, but {}'s action {} is told to it in other "
            "words ({}) than to the spectator",
            seat_name(seat), seat_name(actor), a, lang));
  }
}

void check_illegal_refused(const AnyState& s, Seat seat, const ActionList& legal, Rng& rng,
                           std::vector<std::string>& p) {
  const int n = s.num_distinct_actions();
  Action probes[6] = {-1,
                      n,
                      n + 7,
                      static_cast<Action>(rng.below(static_cast<uint32_t>(n))),
                      static_cast<Action>(rng.below(static_cast<uint32_t>(n))),
                      0x7fffffff};
  for (Action a : probes) {
    if (legal.contains(a)) continue;
    AnyState copy = s;
    auto err = copy.apply(seat, a);
    if (!err)
      p.push_back(fmt::format("{}: illegal action {} was accepted", seat_name(seat), a));
    else if (!(copy == s))
      p.push_back(fmt::format("{}: refused action {} changed the state", seat_name(seat), a));
  }
}

// An action the game says reveals nothing (AnyState::reveals) leaves every
// seat's view after it the same whatever the hidden parts were: the actor's
// and each other seat's view after the action, in states re-sampled for that
// seat, equal those in the true state. Taking back a move relies on it.
void check_reveals(const AnyState& s, Seat seat, const ConformanceOptions& opt, Rng& rng,
                   std::vector<std::string>& p) {
  const ActionList choices = s.primary_actions(seat);
  for (int k = 0; k < 3 && !choices.empty(); ++k) {
    const Action a = choices[rng.below(static_cast<std::uint32_t>(choices.size()))];
    if (s.reveals(seat, a)) continue;
    AnyState after = s;
    if (after.apply(seat, a)) continue;  // reported above
    for (Seat o = 0; o < s.num_players(); ++o) {
      // Compared as the text the server sends (view_text), which is what
      // must not differ; a parsed view would cost most of this suite's time.
      const std::string seen = after.view_text(o);
      for (int d = 0; d < opt.determinize_samples; ++d) {
        AnyState other = s.determinize(o, rng);
        if (other.apply(seat, a)) continue;  // not legal in that world: no evidence
        if (other.view_text(o) != seen) {
          p.push_back(
              fmt::format("{}: action {} shows {} something hidden, but the game says it "
                          "reveals nothing (reveals())",
                          seat_name(seat), a, seat_name(o)));
          return;
        }
      }
    }
  }
}

}  // namespace

void check_state(const AnyState& s, Rng& rng, bool deep, const ConformanceOptions& opt,
                 std::vector<std::string>& p) {
  const int players = s.num_players();
  AnyState copy = s;
  if (!(copy == s)) p.push_back("a copy does not compare equal to its original");

  const bool terminal = s.is_terminal();
  const bool chance = s.is_chance();
  const SeatSet to_act = s.to_act();
  if (terminal && (chance || !to_act.empty()))
    p.push_back("terminal state also waits for chance or for seats");
  if (!terminal && chance && !to_act.empty()) p.push_back("chance state also lists seats to act");
  if (!terminal && !chance && to_act.empty()) p.push_back("non-terminal state has nobody to act");
  for (Seat seat = 0; seat < 32; ++seat)
    if (to_act.contains(seat) && seat >= players)
      p.push_back(fmt::format("to_act lists seat {} of {}", seat, players));

  if (chance && !terminal) {
    ChanceList outcomes = s.chance_outcomes();
    if (outcomes.empty()) p.push_back("chance state with no outcomes");
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
      total += outcomes[i].weight;
      if (outcomes[i].weight == 0) p.push_back("chance outcome with weight 0");
      for (std::size_t k = 0; k < i; ++k)
        if (outcomes[k].action == outcomes[i].action) p.push_back("duplicate chance outcome");
    }
    if (total == 0 || total > 0xffffffffULL)
      p.push_back("chance weights do not sum to a usable total");
    double sum = 0;
    for (const auto& o : outcomes)
      sum += static_cast<double>(o.weight) / static_cast<double>(total);
    if (sum < 1 - 1e-9 || sum > 1 + 1e-9) p.push_back("chance probabilities do not sum to 1");
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
      if (!deep && i > 0) break;
      AnyState c = s;
      if (auto err = c.apply(kChance, outcomes[i].action))
        p.push_back(fmt::format("chance outcome {} refused: {}", outcomes[i].action, err->message));
      if (!deep) continue;
      check_action_json(s, kChance, outcomes[i].action, p);
      check_public_event(s, kChance, outcomes[i].action, p);
    }
  }

  for (Seat seat = 0; seat < players; ++seat) {
    ActionList legal = s.legal_actions(seat);
    if (to_act.contains(seat) && legal.empty())
      p.push_back(fmt::format("{} must act but has no legal action", seat_name(seat)));
    if (terminal && !legal.empty())
      p.push_back(fmt::format("{} has legal actions after the end", seat_name(seat)));
    for (std::size_t i = 1; i < legal.size(); ++i)
      if (legal[i - 1] >= legal[i]) {
        p.push_back(fmt::format("{}: legal actions not sorted or duplicated", seat_name(seat)));
        break;
      }
    for (Action a : legal)
      if (a < 0 || a >= s.num_distinct_actions())
        p.push_back(fmt::format("{}: legal action {} out of range", seat_name(seat), a));
    if (!deep) continue;
    std::size_t tries = legal.size();
    if (opt.max_legal_tries > 0 && tries > static_cast<std::size_t>(opt.max_legal_tries))
      tries = static_cast<std::size_t>(opt.max_legal_tries);
    for (std::size_t k = 0; k < tries; ++k) {
      Action a =
          tries == legal.size() ? legal[k] : legal[rng.below(static_cast<uint32_t>(legal.size()))];
      AnyState c = s;
      if (auto err = c.apply(seat, a))
        p.push_back(
            fmt::format("{}: legal action {} refused: {}", seat_name(seat), a, err->message));
      check_action_json(s, seat, a, p);
      check_public_event(s, seat, a, p);
    }
    check_illegal_refused(s, seat, legal, rng, p);
    check_reveals(s, seat, opt, rng, p);
  }
  if (!deep) return;

  // Bad seats are refused without change.
  for (Seat bad : {players, kSpectator, 99}) {
    AnyState c = s;
    if (!c.apply(bad, 0)) p.push_back(fmt::format("action by nonexistent seat {} accepted", bad));
    if (!(c == s)) p.push_back("a refused action by a bad seat changed the state");
  }
  if (!chance && !terminal) {
    AnyState c = s;
    if (!c.apply(kChance, 0)) p.push_back("chance outcome accepted when not at chance");
  }

  // State JSON round trip, also through text.
  Json j = s.to_json();
  auto back = s.game().state_from_json(Json::parse(j.dump()));
  if (!back)
    p.push_back("state JSON does not load back: " + back.error().message);
  else if (!(*back == s))
    p.push_back("state JSON round trip changes the state");
  else if (back->to_json() != j)
    p.push_back("state JSON round trip changes the JSON");

  // A game that says it hides nothing shows every seat the spectator's view.
  if (s.views_public())
    for (Seat seat = 0; seat < players; ++seat)
      if (s.view_text(seat) != s.view_text(kSpectator))
        p.push_back(
            fmt::format("{}: the views are said to be public, but this one is not the "
                        "spectator's",
                        seat_name(seat)));
  // Hidden information: re-sampling what a seat cannot see leaves its view as
  // it was, and a determinized state is itself a valid state.
  for (Seat seat = kSpectator; seat < players; ++seat) {
    if (seat == kChance) continue;
    // The text the server sends is the view's own dump (write_view agrees).
    const std::string v = s.view_text(seat);
    if (v != s.view(seat).dump())
      p.push_back(fmt::format("{}: view_text is not view().dump()", seat_name(seat)));
    for (int k = 0; k < opt.determinize_samples; ++k) {
      AnyState d = s.determinize(seat, rng);
      if (d.view_text(seat) != v) {
        p.push_back(
            fmt::format("{}: view changes when hidden information is re-sampled", seat_name(seat)));
        break;
      }
      if (d.is_terminal() != terminal || d.to_act() != to_act || d.is_chance() != chance)
        p.push_back(
            fmt::format("{}: determinized state differs in whose turn it is", seat_name(seat)));
    }
  }
  if (terminal) check_result(s, p);
}

void check_result(const AnyState& s, std::vector<std::string>& p) {
  GameResult r = s.result();
  if (r.players != s.num_players()) p.push_back("result has the wrong number of players");
  for (int i = 0; i < r.players; ++i)
    if (r.rank[i] < 1 || r.rank[i] > r.players)
      p.push_back(fmt::format("seat {} has rank {}", i, r.rank[i]));
  if (r.winners.bits() >> r.players) p.push_back("a winner seat is out of range");
}

}  // namespace meeple
