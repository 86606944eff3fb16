// Golden playthroughs (DESIGN.md "Tests, in layers", 3): a few recorded games
// per game are checked in under tests/golden/, each as two files:
//   <game>-<n>.record.json  the game record (meeple-record/1, core/record.h),
//                           one action per line; `meeple replay` reads it too;
//   <game>-<n>.txt          the playthrough a person reads: a header (game,
//                           players, parameters, seats, seed), every seat's and
//                           the spectator's initial view in full, then per step
//                           the actor (seat or chance), the action's JSON form
//                           and its words (describe_action, English), and the
//                           change of every seat's view and the spectator's as
//                           a JSON Patch (RFC 6902, one operation per line;
//                           views that changed alike share one entry, "every
//                           view" when all did), and at the end the result.
// The test replays each record and compares the text it produces with the
// checked-in .txt exactly; on a difference it prints the first differing line
// and its step, and writes the new text to the temp directory. When a rule or
// a view changes on purpose, regenerate them with
//   scripts/regen-golden
// and review the diff of the .txt files: it shows what each player sees change.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "bots/match.h"
#include "games/registry.h"

namespace meeple {
namespace {

namespace fs = std::filesystem;

const fs::path kDir = fs::path(MEEPLE_SOURCE_DIR) / "tests" / "golden";
constexpr std::string_view kRecordSuffix = ".record.json";
// A regenerated playthrough longer than this is replaced by another seed's game,
// so the checked-in files stay reviewable (whole games, never cut short).
constexpr std::size_t kMaxTextBytes = 1'200'000;

std::string seat_name(Seat seat) {
  return seat == kChance      ? "chance"
         : seat == kSpectator ? "spectator"
                              : fmt::format("seat {}", seat);
}

// The observers whose views the playthrough follows: every seat, then the spectator.
std::vector<Seat> observers(int players) {
  std::vector<Seat> out;
  for (Seat s = 0; s < players; ++s) out.push_back(s);
  out.push_back(kSpectator);
  return out;
}

std::vector<Json> views(const AnyState& s, const std::vector<Seat>& who) {
  std::vector<Json> out;
  for (Seat seat : who) out.push_back(s.view(seat));
  return out;
}

// The record, readable and diffable: one action per line.
std::string record_text(const GameRecord& rec) {
  Json head = record_to_json(rec);
  Json actions = std::move(head["actions"]);
  head.erase("actions");
  std::string out = head.dump();
  out.pop_back();  // the closing brace
  out += ",\n\"actions\": [\n";
  for (std::size_t i = 0; i < actions.size(); ++i)
    out += actions[i].dump() + (i + 1 < actions.size() ? ",\n" : "\n");
  out += "]}\n";
  return out;
}

// The playthrough text of a record (see the top of this file). Replay
// problems (an action that no longer applies, a changed JSON form, a changed
// result) are reported as test failures naming the step.
std::string playthrough(const AnyGame& game, const GameRecord& rec,
                        const std::string& record_file) {
  std::ostringstream out;
  auto resolved = resolve_params(game.params_schema(), rec.params);
  out << "# Golden playthrough, replayed by tests/golden_test.cpp from " << record_file << ".\n"
      << "# Regenerate with scripts/regen-golden after a deliberate rule change; review the diff.\n"
      << "# Per step: the actor, its action, and each view's change as a JSON Patch (RFC 6902).\n"
      << "game: " << rec.game << "\n"
      << "players: " << rec.players << "\n"
      << "params: " << rec.params.dump() << "\n"
      << "params with defaults: " << (resolved ? resolved->dump() : "(invalid)") << "\n"
      << "seats: " << Json(rec.seats).dump() << "\n"
      << "seed: " << rec.seed << "\n"
      << "record: " << record_file << " (" << rec.actions.size() << " actions)\n";

  auto start = game.new_game(rec.params, rec.players);
  if (!start) {
    ADD_FAILURE() << record_file << ": " << start.error().message;
    return out.str();
  }
  AnyState s = std::move(*start);
  const std::vector<Seat> who = observers(rec.players);
  std::vector<Json> before = views(s, who);
  for (std::size_t i = 0; i < who.size(); ++i)
    out << "\ninitial view, " << seat_name(who[i]) << ":\n" << before[i].dump(1) << "\n";

  for (std::size_t i = 0; i < rec.actions.size(); ++i) {
    const RecordedAction& ra = rec.actions[i];
    const std::size_t step = i + 1;
    Action a = ra.action;
    if (a < 0) {
      auto parsed = s.action_from_json(ra.seat, ra.json);
      if (!parsed) {
        ADD_FAILURE() << record_file << " step " << step << ": " << parsed.error().message;
        break;
      }
      a = *parsed;
    }
    Json action_json = s.action_to_json(ra.seat, a);
    if (!ra.json.is_null()) {
      EXPECT_EQ(action_json, ra.json) << record_file << " step " << step << ": recorded as "
                                      << ra.json.dump() << ", reads " << action_json.dump();
    }
    out << "\nstep " << step << ": " << seat_name(ra.seat) << "\n";
    if (ra.seat == kChance) {
      out << "  outcome: " << action_json.dump() << "\n";
    } else {
      out << "  action: " << action_json.dump() << "\n";
      std::string words = s.describe_action(ra.seat, a, "en");
      out << "  words: " << (words.empty() ? "(none)" : words) << "\n";
    }
    if (auto err = s.apply(ra.seat, a)) {
      ADD_FAILURE() << record_file << " step " << step << " " << action_json.dump() << ": "
                    << err->message;
      out << "  (refused: " << err->code << ")\n";
      break;
    }
    std::vector<Json> after = views(s, who);
    // Observers whose views changed alike share one entry ("every view" when
    // all did), so what differs between seats, the hidden part, stands out.
    std::vector<std::pair<std::string, Json>> changes;  // (observers, patch)
    for (std::size_t v = 0; v < who.size(); ++v) {
      Json patch = Json::diff(before[v], after[v]);
      auto same = std::find_if(changes.begin(), changes.end(),
                               [&](const auto& c) { return c.second == patch; });
      if (same == changes.end())
        changes.emplace_back(seat_name(who[v]), std::move(patch));
      else
        same->first += ", " + seat_name(who[v]);
    }
    if (changes.size() == 1) changes[0].first = "every view";
    for (const auto& [names, patch] : changes) {
      out << "  " << names << ":";
      if (patch.empty()) {
        out << " (no change)\n";
        continue;
      }
      out << "\n";
      for (const Json& op : patch) out << "    " << op.dump() << "\n";
    }
    before = std::move(after);
  }

  out << "\nresult:\n";
  if (s.is_terminal()) {
    Json result = s.result_json();
    if (!rec.result.is_null()) {
      EXPECT_EQ(result, rec.result) << record_file << ": the result differs from the record's";
    }
    out << result.dump(1) << "\n";
  } else {
    out << "(the game is not over)\n";
  }
  return out.str();
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Where in the playthrough a line is: the nearest "step N: ..." or section
// heading at or above it.
std::string place_of(const std::vector<std::string>& lines, std::size_t i) {
  for (std::size_t k = std::min(i, lines.size() - 1) + 1; k-- > 0;) {
    const std::string& l = lines[k];
    if (l.rfind("step ", 0) == 0 || l.rfind("initial view", 0) == 0 || l.rfind("result:", 0) == 0)
      return l;
  }
  return "the header";
}

// The games a regeneration records, per game: two seeds at the fewest players,
// two at four players (or the most, if fewer), and one game at the fewest
// players with the parameter variant that sets the most rule options.
struct Plan {
  int players;
  Json params;
  std::uint64_t seed;
};

std::vector<Plan> plans(const AnyGame& game) {
  const int few = game.min_players(), more = std::min(4, game.max_players());
  std::vector<Plan> out = {{few, Json::object(), 1}, {few, Json::object(), 2}};
  if (more != few) out.insert(out.end(), {{more, Json::object(), 1}, {more, Json::object(), 2}});
  Json richest = Json::object();
  for (const Json& v : game.param_variants())
    if (v.size() > richest.size()) richest = v;
  if (!richest.empty()) out.push_back({few, richest, 3});
  return out;
}

// The record's actions replayed by their JSON forms under today's rules, with
// today's action numbers, JSON forms and result: what a regeneration keeps, so
// the diff of the .txt shows what a rule change changed in the same game.
// nullopt when an action no longer applies or the game no longer ends there.
std::optional<GameRecord> refreshed(const AnyGame& game, const GameRecord& rec) {
  auto start = game.new_game(rec.params, rec.players);
  if (!start) return std::nullopt;
  AnyState s = std::move(*start);
  GameRecord out = rec;
  out.actions.clear();
  for (const RecordedAction& ra : rec.actions) {
    if (s.is_terminal()) return std::nullopt;
    Action a = ra.action;
    if (!ra.json.is_null()) {
      auto parsed = s.action_from_json(ra.seat, ra.json);
      if (!parsed) return std::nullopt;
      a = *parsed;
    }
    Json action_json = s.action_to_json(ra.seat, a);
    if (s.apply(ra.seat, a)) return std::nullopt;
    out.actions.push_back({ra.seat, a, std::move(action_json)});
  }
  if (!s.is_terminal()) return std::nullopt;
  out.result = s.result_json();
  return out;
}

// MEEPLE_REGEN_GOLDEN=1 keeps every checked-in record that still replays to
// the end (rewriting its text); =fresh records new games for all of them.
TEST(Golden, RegenerateWhenAsked) {
  const char* mode = std::getenv("MEEPLE_REGEN_GOLDEN");
  if (!mode) GTEST_SKIP() << "set MEEPLE_REGEN_GOLDEN=1 (or =fresh for new games) to rewrite";
  const bool fresh = std::string_view(mode) == "fresh";
  fs::create_directories(kDir);
  for (const AnyGame* game : all_games()) {
    // Read this game's records, then clear its files (and the old hashed format).
    std::map<std::string, GameRecord> old;
    for (const auto& entry : fs::directory_iterator(kDir)) {
      const std::string name = entry.path().filename().string();
      if (name.rfind(std::string(game->name()) + "-", 0) != 0) continue;
      if (name.ends_with(kRecordSuffix)) {
        std::ifstream f(entry.path());
        if (auto rec = record_from_json(Json::parse(f, nullptr, false)))
          old[name.substr(0, name.size() - kRecordSuffix.size())] = *rec;
      }
      if (name.ends_with(".json") || name.ends_with(".txt")) fs::remove(entry.path());
    }
    int n = 0;
    for (const Plan& plan : plans(*game)) {
      const std::string stem = fmt::format("{}-{}", game->name(), ++n);
      const std::string record_file = stem + std::string(kRecordSuffix);
      auto write = [&](const GameRecord& rec) {
        std::string text = playthrough(*game, rec, record_file);
        if (text.size() > kMaxTextBytes) return false;
        std::ofstream(kDir / record_file) << record_text(rec);
        std::ofstream(kDir / (stem + ".txt")) << text;
        return true;
      };
      if (auto it = old.find(stem); !fresh && it != old.end() &&
                                    it->second.players == plan.players &&
                                    it->second.params == plan.params) {
        if (auto rec = refreshed(*game, it->second); rec && write(*rec)) continue;
      }
      bool written = false;
      // Seeds plan.seed, plan.seed + 10, ...: the first whole game that fits.
      for (std::uint64_t seed = plan.seed; seed < plan.seed + 200 && !written; seed += 10) {
        auto bot = make_bot(*game, "random");
        std::vector<Bot*> bots(static_cast<std::size_t>(plan.players), bot->get());
        Rng rng(seed);
        auto m = play_match(*game->new_game(plan.params, plan.players), bots, rng);
        ASSERT_TRUE(m.finished) << stem;
        m.record.params = plan.params;
        m.record.seed = seed;
        written = write(m.record);
      }
      EXPECT_TRUE(written) << stem << ": no game short enough";
    }
  }
}

// Every checked-in record, one test each (Golden/Replays.SameText/ufo_1, ...).
std::vector<fs::path> golden_records() {
  std::vector<fs::path> records;
  if (!fs::is_directory(kDir)) return records;
  for (const auto& entry : fs::directory_iterator(kDir)) {
    const std::string name = entry.path().filename().string();
    if (name.size() > kRecordSuffix.size() && name.ends_with(kRecordSuffix))
      records.push_back(entry.path());
  }
  std::sort(records.begin(), records.end());
  return records;
}

class Replays : public testing::TestWithParam<fs::path> {};
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Replays);

TEST_P(Replays, SameText) {
  const fs::path& path = GetParam();
  const std::string record_file = path.filename().string();
  const std::string stem = record_file.substr(0, record_file.size() - kRecordSuffix.size());
  std::ifstream f(path);
  auto rec = record_from_json(Json::parse(f, nullptr, false));
  ASSERT_TRUE(rec) << record_file << ": " << rec.error().message;
  const AnyGame* game = find_game(rec->game);
  if (!game) GTEST_SKIP() << rec->game << " is not built in this configuration";

  std::ifstream golden_file(kDir / (stem + ".txt"));
  ASSERT_TRUE(golden_file) << stem << ".txt is missing: run scripts/regen-golden";
  std::stringstream golden;
  golden << golden_file.rdbuf();
  const std::string got = playthrough(*game, *rec, record_file);
  if (got == golden.str()) return;

  const fs::path actual = fs::temp_directory_path() / "meeple-golden" / (stem + ".txt");
  fs::create_directories(actual.parent_path());
  std::ofstream(actual) << got;
  auto want_lines = split_lines(golden.str()), got_lines = split_lines(got);
  std::size_t i = 0;
  while (i < want_lines.size() && i < got_lines.size() && want_lines[i] == got_lines[i]) ++i;
  auto line_or_end = [](const std::vector<std::string>& l, std::size_t k) {
    return k < l.size() ? l[k] : std::string("(end of file)");
  };
  ADD_FAILURE() << stem << ".txt differs from the replay at line " << i + 1 << ", in \""
                << place_of(i < want_lines.size() ? want_lines : got_lines, i) << "\"\n"
                << "  checked in: " << line_or_end(want_lines, i) << "\n"
                << "  replay:     " << line_or_end(got_lines, i) << "\n"
                << "The whole replay is in " << actual.string()
                << "; if the change is deliberate, run scripts/regen-golden and review the diff.";
}

INSTANTIATE_TEST_SUITE_P(Golden, Replays, testing::ValuesIn(golden_records()),
                         [](const testing::TestParamInfo<fs::path>& param) {
                           std::string stem = param.param.filename().string();
                           stem.resize(stem.size() - kRecordSuffix.size());
                           std::replace(stem.begin(), stem.end(), '-', '_');
                           return stem;
                         });

}  // namespace
}  // namespace meeple
