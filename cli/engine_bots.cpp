// The engine protocol's requests to bots (cli/engine_protocol.h): bot, go
// (with its streamed info) and hint.
#include "cli/engine_protocol.h"

#include <cctype>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "bots/bot.h"
#include "bots/hint.h"
#include "cli/commands.h"
#include "cli/game_facts.h"
#include "cli/programs.h"
#include "cli/registry.h"
#include "core/i18n.h"
#include "core/json_error.h"
#include "core/record.h"
#include "games/registry.h"

namespace meeple::cli::engine_protocol {

Expected<Seat> Protocol::deciding_seat(const Json& req) const {
  const Session& s = *s_;
  if (s.state.is_terminal()) return make_error(errc::kGameOver, "the game is over");
  if (s.state.is_chance())
    return make_error(errc::kNotYourTurn,
                      "the game waits for chance: apply an outcome (see legal)");
  if (req.contains("seat")) {
    auto p = parse_seat(s.state, req["seat"], false);
    if (!p) return p.error();
    if (!s.state.to_act().contains(*p))
      return make_error(errc::kNotYourTurn, fmt::format("seat {} is not to act", *p));
    return *p;
  }
  if (s.state.to_act().size() == 1) return s.state.to_act().lowest();
  return bad_request("several seats decide at once: give \"seat\"");
}

Expected<std::string> Protocol::spec_of(const Json& req, std::string fallback) {
  std::string spec = std::move(fallback);
  if (req.contains("bot")) {
    if (!req["bot"].is_string()) return bad_request("bot is a spec like ismcts:medium");
    spec = req["bot"].get<std::string>();
  }
  if (req.contains("iterations") || req.contains("ms")) {
    const std::string name = spec.substr(0, spec.find(':'));
    if (req.contains("iterations")) {
      if (!req["iterations"].is_number_unsigned() || req["iterations"].get<std::uint64_t>() < 1)
        return bad_request("iterations is a number >= 1");
      spec = fmt::format("{}:{}", name, req["iterations"].get<std::uint64_t>());
    } else {
      if (!req["ms"].is_number() || req["ms"].get<double>() <= 0)
        return bad_request("ms is a number > 0");
      spec = fmt::format("{}:{}s", name, req["ms"].get<double>() / 1000.0);
    }
  }
  return spec;
}

Json Protocol::play_into(Json j, Seat seat, Action a) {
  Json r = apply({{"seat", seat}, {"action", a}});
  if (!r["ok"].get<bool>()) return r;
  r.erase("ok");
  for (auto& [k, v] : r.items()) j[k] = v;
  return ok(std::move(j));
}

Json Protocol::bot(const Json& req) {
  Session& s = *s_;
  auto seat = deciding_seat(req);
  if (!seat) return failure(seat.error());
  const bool play = req.value("apply", Json(false)) == true;
  // A bot's advice for another seat would tell what that seat knows.
  if (s.hidden && *seat != *s.hidden && !play)
    return failure(hidden_from("a bot may play another seat (apply), not advise it"));
  auto spec = spec_of(req, default_bot(*s.game));
  if (!spec) return failure(spec.error());
  auto& slot = s.bots[*seat];
  if (!slot.second || slot.first != *spec) {
    auto b = make_bot(*s.game, *spec, cap_);
    if (!b) {
      s.bots.erase(*seat);
      return failure(b.error());
    }
    slot = {*spec, std::move(*b)};
  }
  const Action a = ask_bot(*slot.second, s.state, *seat, s.bot_rng);
  Json j = {{"bot", *spec}};
  if (!s.hidden || *seat == *s.hidden) {
    Json choice = action_entry(s.state, *seat, a, lang_of(req));
    choice["seat"] = *seat;
    j["choice"] = std::move(choice);
  }
  return play ? play_into(std::move(j), *seat, a) : ok(std::move(j));
}

Json Protocol::go(const Json& req, const Emit& emit, const std::atomic<bool>* stop) {
  Session& s = *s_;
  auto seat = deciding_seat(req);
  if (!seat) return failure(seat.error());
  if (s.hidden && *seat != *s.hidden)
    return failure(hidden_from(fmt::format("go searches for seat {} only", *s.hidden)));
  const bool infinite = req.value("infinite", Json(false)) == true;
  if (infinite == (req.contains("iterations") || req.contains("ms")))
    return failure(
        bad_request("go needs one budget: \"iterations\", \"ms\" or \"infinite\": true"));
  if (infinite && !stop)
    return failure(bad_request("infinite needs a stop, and this engine reads no input"));
  double every = 250;
  if (req.contains("info_ms")) {
    if (!req["info_ms"].is_number() || req["info_ms"].get<double>() < 10)
      return failure(bad_request("info_ms is a number >= 10"));
    every = req["info_ms"].get<double>();
  }
  auto spec = spec_of(req, "ismcts");
  if (!spec) return failure(spec.error());
  auto b = make_bot(*s.game, *spec, cap_);
  if (!b) return failure(b.error());
  if (!(*b)->thinks())
    return failure(make_error("bot/unknown", fmt::format("{} does not search: go needs a "
                                                         "searching bot (ismcts)",
                                                         *spec)));
  auto budget =
      parse_budget(spec->substr(std::min(spec->size(), spec->find(':') + 1)), s.game->name());
  Bot::Thinking how{.stop = stop, .report_seconds = every / 1000.0};
  // A search without an iteration budget (by time, or until stopped) ends
  // at the cap's iterations: its tree's memory is bounded.
  how.iterations = cap_.iterations / (budget ? budget->trees : 1);
  if (!infinite && budget) {
    if (budget->iterations > 0) how.iterations = budget->iterations;
    how.seconds = budget->seconds;
  }
  const AnyState& truth = s.state;
  Bot::Progress last;
  how.report = [&](const Bot::Progress& p) {
    last = p;
    if (emit) emit({{"info", progress_json(truth, *seat, p)}});
  };
  const AnyState info = truth.determinize(*seat, s.bot_rng);
  const Action a = (*b)->think(info, *seat, s.bot_rng, how);
  Json choice = action_entry(truth, *seat, a, lang_of(req));
  choice["seat"] = *seat;
  Json j = {{"bot", *spec},
            {"bestmove", std::move(choice)},
            {"iterations", last.iterations},
            {"stopped", stop && stop->load()}};
  return req.value("apply", Json(false)) == true ? play_into(std::move(j), *seat, a)
                                                 : ok(std::move(j));
}

Json Protocol::hint_for(const Json& req, const std::atomic<bool>* stop) {
  Session& s = *s_;
  auto seat = deciding_seat(req);
  if (!seat) return failure(seat.error());
  if (s.hidden && *seat != *s.hidden)
    return failure(hidden_from(fmt::format("hints are for seat {} only", *s.hidden)));
  HintOptions opt{.lang = lang_of(req), .stop = stop};
  auto number = [&](const char* key, double least) -> std::optional<double> {
    if (!req.contains(key)) return std::nullopt;
    if (!req[key].is_number() || req[key].get<double>() < least) return -1.0;
    return req[key].get<double>();
  };
  const auto iterations = number("iterations", 1), ms = number("ms", 1), seed = number("seed", 0),
             top = number("top", 1);
  for (const auto& [v, name] : {std::pair{iterations, "iterations >= 1"},
                                {ms, "ms >= 1"},
                                {seed, "seed >= 0"},
                                {top, "top >= 1"}})
    if (v && *v < 0) return failure(bad_request(fmt::format("{} is a number", name)));
  if (iterations) opt.iterations = static_cast<int>(std::min(*iterations, 1e9));
  if (ms) opt.seconds = *ms / 1000.0;
  if (seed) opt.seed = static_cast<std::uint64_t>(*seed);
  if (top) opt.top = static_cast<std::size_t>(std::min(*top, 10.0));
  if (opt.iterations > cap_.iterations || opt.seconds > cap_.seconds)
    return failure(make_error(kBotBudgetCode, "the hint's budget is over the engine's max_budget"));
  auto h = meeple::hint(s.state, *seat, opt);
  if (!h) return failure(h.error());
  Json j = h->to_json();
  for (std::size_t i = 0; i < h->choices.size(); ++i)
    j["choices"][i]["json"] = s.state.action_to_json(*seat, h->choices[i].action);
  j["ms"] = static_cast<std::int64_t>(h->seconds * 1000);
  j.erase("seconds");
  return ok(std::move(j));
}

Json Protocol::progress_json(const AnyState& s, Seat seat, const Bot::Progress& p) {
  std::vector<Bot::ActionValue> root = p.root;
  std::stable_sort(root.begin(), root.end(),
                   [](const auto& x, const auto& y) { return x.visits > y.visits; });
  if (root.size() > 10) root.resize(10);
  Json values = Json::array();
  for (const auto& v : root)
    values.push_back({{"action", v.action},
                      {"json", s.action_to_json(seat, v.action)},
                      {"visits", v.visits},
                      {"win", std::round(v.mean * 1000) / 1000}});
  Json line = Json::array();
  for (const auto& [who, a] : p.line) line.push_back({{"seat", who}, {"action", a}});
  return {{"seat", seat},
          {"iterations", p.iterations},
          {"nodes", p.nodes},
          {"ms", static_cast<std::int64_t>(p.seconds * 1000)},
          {"root", std::move(values)},
          {"line", std::move(line)}};
}

}  // namespace meeple::cli::engine_protocol
