// Writes the fuzz targets' seed corpora (tests/fuzz/corpus/<target>/) from
// self-play: random games of every game (fixed seeds, so a second run writes
// the same files) give real states, the actions played from them, records,
// rule options and the messages and requests of a table. Kept small: the
// fuzzers grow their own corpora from these in their working folders.
//   build/fuzz/tests/fuzz/make_corpus tests/fuzz/corpus
#include <filesystem>
#include <fstream>
#include <iostream>

#include "core/record.h"
#include "tests/fuzz/fuzz.h"

namespace {

using namespace meeple;
namespace fs = std::filesystem;

void write(const fs::path& dir, const std::string& name, const std::string& content) {
  fs::create_directories(dir);
  std::ofstream(dir / name, std::ios::binary) << content;
}

struct Step {
  Seat seat;
  Action action;
  Json json;
};

// One random game: every state on the way and the step taken from it.
struct Playout {
  std::vector<AnyState> states;  // states[i] before steps[i]; the last one after the end
  std::vector<Step> steps;
};

Playout play(const AnyGame& game, const Json& params, int players, std::uint64_t seed) {
  Rng rng(seed);
  auto st = game.new_game(params, players);
  if (!st) {
    std::cerr << "make_corpus: " << st.error().message << "\n";
    std::exit(1);
  }
  Playout p;
  AnyState s = std::move(*st);
  while (!s.is_terminal() && p.steps.size() < 5000) {
    Step step{};
    if (s.is_chance()) {
      step.seat = kChance;
      step.action = sample_chance(s.chance_outcomes(), rng);
    } else {
      std::vector<Seat> seats;
      const SeatSet to_act = s.to_act();
      for (Seat seat = 0; seat < s.num_players(); ++seat)
        if (to_act.contains(seat)) seats.push_back(seat);
      step.seat = seats[rng.below(static_cast<std::uint32_t>(seats.size()))];
      const ActionList legal = s.legal_actions(step.seat);
      step.action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    }
    step.json = s.action_to_json(step.seat, step.action);
    p.states.push_back(s);
    p.steps.push_back(step);
    if (auto e = s.apply(step.seat, step.action)) {
      std::cerr << "make_corpus: " << e->message << "\n";
      std::exit(1);
    }
  }
  p.states.push_back(s);
  return p;
}

std::string slug(const AnyGame& game, int players, int k) {
  return std::string(game.name()) + "-" + std::to_string(players) + "p-" + std::to_string(k);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: make_corpus DIR\n";
    return 2;
  }
  const fs::path out = argv[1];
  std::uint64_t seed = 1;
  for (const AnyGame* game : all_games()) {
    const std::string sel(1, fuzz::selector_of(*game));
    const int counts[] = {game->min_players(), game->max_players()};
    for (int players : counts) {
      const Playout p = play(*game, Json::object(), players, seed++);
      const std::size_t n = p.states.size();
      // States at six points of the game, the last one the end; from each,
      // the next few actions played (as JSON forms, the first also as its
      // integer) and one action by a seat that is not asked.
      for (int k = 0; k < 6; ++k) {
        const std::size_t i = k == 5 ? n - 1 : n * static_cast<std::size_t>(k) / 5;
        const std::string state = p.states[i].to_json().dump();
        write(out / "state", slug(*game, players, k), sel + state);
        std::string actions = sel + state + "\n";
        for (std::size_t j = i; j < p.steps.size() && j < i + 4; ++j) {
          const Step& st = p.steps[j];
          actions += Json::array({st.seat, st.json}).dump() + "\n";
          if (j == i) actions += Json::array({st.seat, st.action}).dump() + "\n";
        }
        actions += Json::array({players, 0}).dump() + "\n";
        write(out / "action", slug(*game, players, k), actions);
      }
      // The whole record with the actions' integers only (small enough for
      // the fuzzers' -max_len); and its first actions by JSON form alone,
      // unfinished.
      GameRecord rec{.game = std::string(game->name()),
                     .params = Json::object(),
                     .players = players,
                     .seats = std::vector<std::string>(static_cast<std::size_t>(players), "random"),
                     .seed = seed};
      for (const Step& st : p.steps) rec.actions.push_back({st.seat, st.action, nullptr});
      rec.result = p.states.back().result_json();
      if (const std::string whole = record_to_json(rec).dump(); whole.size() <= 60000)
        write(out / "record", slug(*game, players, 0), whole);
      rec.result = nullptr;
      rec.actions.resize(std::min<std::size_t>(rec.actions.size(), 30));
      for (std::size_t i = 0; i < rec.actions.size(); ++i)
        rec.actions[i] = {p.steps[i].seat, -1, p.steps[i].json};
      write(out / "record", slug(*game, players, 1), record_to_json(rec).dump());
    }
    // Rule options: the game's variants, the defaults, and each as key=value lines.
    int k = 0;
    std::vector<Json> variants = game->param_variants();
    variants.push_back(Json::object());
    for (const Json& v : variants) {
      std::string text = sel + v.dump() + "\n";
      for (const auto& [key, value] : v.items())
        text += key + "=" + (value.is_string() ? value.get<std::string>() : value.dump()) + "\n";
      write(out / "params", std::string(game->name()) + "-" + std::to_string(k++), text);
    }
    // A table: hello, chat, ping, a stale act, then every connection taking
    // its first choice in turn for a while.
    const int players = game->min_players();
    std::string ws = sel + "0{\"type\":\"hello\",\"lang\":\"en\"}\n" +
                     "0{\"type\":\"chat\",\"text\":\"hello\"}\n" + "1{\"type\":\"ping\"}\n" +
                     "0{\"type\":\"act\",\"version\":0,\"action\":0}\n";
    for (int round = 0; round < 4; ++round)
      for (int seat = 0; seat < players; ++seat)
        ws += std::to_string(seat) + "!" + std::to_string(round % 3) + "\n";
    write(out / "ws_message", std::string(game->name()), ws);
  }
  // HTTP: a method digit (0 GET, 1 POST), a game digit, the target, the body.
  const std::pair<const char*, const char*> requests[] = {
      {"00/healthz", ""},
      {"00/app/index.html", ""},
      {"00/api/games", ""},
      {"10/api/tables",
       R"({"game":"ufo","players":3,"seats":[{"kind":"person"},{"kind":"person"},{"kind":"bot","bot":"ismcts:medium"}],"public":true,"auto_start":true,"clock_seconds":0,"grace_seconds":60,"languages":["en","it","ko"]})"},
      {"11/api/tables/ab12/join", R"({"name":"Anna","seat":0})"},
      {"12/api/tables/ab12/start", R"({"host_token":"HOST"})"},
      {"10/api/tables/ab12/options", R"({"host_token":"HOST","params":{}})"},
      {"11/api/tables/ab12/seat",
       R"({"host_token":"HOST","seat":1,"kind":"bot","bot":"heuristic"})"},
      {"12/api/tables/ab12/rematch", R"({"host_token":"HOST"})"},
      {"00/api/tables/ab12", ""},
      {"00/api/tables/ab12/record", ""},
      {"00/api/tables/ab12/replay?seat=0&step=3&lang=it", ""},
      {"10/api/my-tables",
       R"({"seats":[{"table":"TABLE","token":"HOST"},{"table":"TABLE","token":"x"},)"
       R"({"table":"zz","token":"y"}]})"},
  };
  int k = 0;
  for (const auto& [target, body] : requests)
    write(out / "http_route", "request-" + std::to_string(k++),
          std::string(target) + (*body ? std::string("\n") + body : std::string()));
  return 0;
}
