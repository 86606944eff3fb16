#include "server/play_now.h"

#include <fmt/format.h>

#include "games/registry.h"
#include "server/protocol.h"
#include "server/table.h"

namespace meeple::server {

namespace {

// How often a request looks for another table when the one it was promised
// filled or started before it got there (people joining through the lobby
// list, the bots coming): then it makes a table of its own.
constexpr int kTries = 3;

void seat(Hub& hub, const PlayNowAsk& ask, const Maker& maker,
          std::function<void(Expected<Json>)> reply, int tries) {
  std::shared_ptr<Table> table;
  bool made = false;
  // The match and the promise are one step for all requests, so that a
  // second request sees the first one's table and its promised seat. The
  // join itself runs on the table's strand, posted in the same step, so a
  // new table is opened before anyone joins it.
  std::lock_guard lock(hub.play_now_mutex);
  if (tries > 0)
    for (const auto& t : hub.all())
      if (t->waits_for(*ask.game, ask.players) &&
          (!table || t->created_ms() < table->created_ms() ||
           (t->created_ms() == table->created_ms() && t->id() < table->id())))
        table = t;
  if (!table) {
    const Json request = {{"game", ask.game->name()},
                          {"players", ask.players},
                          {"public", true},
                          {"auto_start", true},
                          {"undo", true}};
    std::string host_token;  // nobody hosts a play-now table: the token is dropped
    auto t = Table::create(hub, request, host_token, maker);
    if (!t) return reply(t.error());
    table = *t;
    table->set_play_now({.bot = ask.bot, .wait = ask.wait});
    if (auto e = hub.admit(table)) return reply(*e);
    made = true;
  }
  table->promise_seat();
  table->post([&hub, ask, maker, reply = std::move(reply), table, made, tries] {
    if (made)
      if (auto opened = table->open(""); !opened) return reply(opened.error());
    auto joined = table->join_promised({{"name", ask.name}}, maker.account);
    const std::string code = joined ? "" : joined.error().code;
    // Someone else got there first: another table, or a new one.
    if ((code == errc::kFull || code == errc::kStarted) && !made)
      return seat(hub, ask, maker, reply, tries - 1);
    reply(std::move(joined));
  });
}

}  // namespace

Expected<PlayNowAsk> read_play_now(const ServerOptions& options, const Json& body) {
  PlayNowAsk ask;
  const Json game = body.value("game", Json());
  if (!game.is_string()) return make_error(errc::kMalformed, "game is a game's name");
  ask.game = find_game(game.get<std::string>());
  if (ask.game == nullptr)
    return make_error(meeple::errc::kUnknownGame,
                      fmt::format("no game '{}' (see GET /api/games)", game.get<std::string>()));
  const Json players = body.value("players", Json());
  if (!players.is_number_integer()) return make_error(errc::kMalformed, "players is a number");
  const auto n = int_in(players, ask.game->min_players(), ask.game->max_players());
  if (!n)
    return make_error(meeple::errc::kBadPlayers,
                      fmt::format("{} is for {} to {} players", ask.game->title(),
                                  ask.game->min_players(), ask.game->max_players()));
  ask.players = *n;
  auto name = read_name(body);
  if (!name) return name.error();
  ask.name = std::move(*name);
  const Json bot = body.value("bot", Json(default_bot(*ask.game)));
  if (!bot.is_string()) return make_error(errc::kMalformed, "bot is a bot spec");
  ask.bot = bot.get<std::string>();
  Lobby checker;
  checker.game = ask.game;
  if (auto e = checker.check_bot(options, ask.bot)) return *e;
  const auto wait = int_in(body.value("wait_seconds", Json(30)), 0, kMaxPlayNowWaitSeconds);
  if (!wait)
    return make_error(errc::kMalformed, fmt::format("wait_seconds is a whole number of seconds "
                                                    "from 0 to {}",
                                                    kMaxPlayNowWaitSeconds));
  ask.wait = std::chrono::seconds(*wait);
  return ask;
}

void play_now(Hub& hub, const PlayNowAsk& ask, const Maker& maker,
              std::function<void(Expected<Json>)> reply) {
  seat(hub, ask, maker, std::move(reply), kTries);
}

}  // namespace meeple::server
