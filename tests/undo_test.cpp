// Taking back a move (core/undo.h, room::Room::undo): the rule in each game,
// and, on random games of every game, that an undo gives back exactly the
// state before the decision (every observer's view, the choices, the state
// the record replays to, byte for byte), that nothing else can be taken
// back, and that the record and the store keep every undo.
#include <gtest/gtest.h>

#include "core/record.h"
#include "games/registry.h"
#include "room/room.h"
#include "store/memory_store.h"
#include "tests/toy/high_card.h"

namespace meeple::room {
namespace {

std::vector<SeatConfig> people(int players, int bots_from = 99) {
  std::vector<SeatConfig> seats;
  for (Seat i = 0; i < players; ++i)
    seats.push_back(i < bots_from
                        ? SeatConfig{.kind = SeatKind::kPerson, .name = "p" + std::to_string(i)}
                        : SeatConfig{.kind = SeatKind::kBot, .bot = "random"});
  return seats;
}

// Every observer's view (the spectator first), as text.
std::vector<std::string> views(const Room& r) {
  std::vector<std::string> out{r.view_text(kSpectator)};
  for (Seat s = 0; s < r.num_players(); ++s) out.push_back(r.view_text(s));
  return out;
}

// The first seat that must act (people only in these tables).
Seat first_to_act(const Room& r) {
  for (Seat s = 0; s < r.num_players(); ++s)
    if (r.must_act(s)) return s;
  return kChance;
}

// Acts for the first seat to act with the first choice whose JSON form has
// `key` (or any choice when key is empty); false when there is none.
bool act_with(Room& r, const std::string& key) {
  const Seat s = first_to_act(r);
  if (s == kChance) return false;
  for (const Choice& c : r.choices(s, "en"))
    if (key.empty() || c.json.contains(key)) return !r.act(s, r.version(), c.action);
  return false;
}

// Whether the seat to act may move a UFO now (Ufo!).
bool may_move_a_ufo(const Room& r) {
  const Seat s = first_to_act(r);
  for (const Choice& c : r.choices(s, "en"))
    if (c.json.contains("move")) return true;
  return false;
}

// Plays first choices (and chance) until `pred` holds or the game ends.
template <class Pred>
bool play_until(Room& r, Pred pred) {
  for (int guard = 0; guard < 20000; ++guard) {
    if (r.advance()) return false;
    if (r.finished()) return false;
    if (pred()) return true;
    const Seat s = first_to_act(r);
    if (r.act(s, r.version(), r.choices(s, "en").front().action)) return false;
  }
  return false;
}

// --- The rule

TEST(Undo, AChanceOutcomeAnotherSeatsActionOrABotsDecisionEndsWhatCanBeTakenBack) {
  // High card: every seat bets at once; a bet is hidden until the last one.
  const GameAdapter<toy::HighCard> toy;
  auto room = Room::open(toy, {{"rounds", 2}}, people(3), {.seed = 3});
  ASSERT_TRUE(room);
  Room& r = **room;
  ASSERT_FALSE(r.advance());  // the deal: chance
  EXPECT_EQ(r.undo_available(0), 0) << "nothing decided yet";
  EXPECT_EQ(r.undo(0, r.version())->code, errc::kNothingToUndo);
  const auto before = views(r);
  ASSERT_FALSE(r.act(0, r.version(), 1));  // seat 0 bets
  EXPECT_EQ(r.undo_available(0), 1);
  EXPECT_EQ(r.undo_available(1), 0) << "only one's own decisions";
  ASSERT_FALSE(r.undo(0, r.version()));
  EXPECT_EQ(views(r), before) << "everyone sees the table as before the bet";
  EXPECT_TRUE(r.must_act(0));
  ASSERT_FALSE(r.act(0, r.version(), 0));  // seat 0 passes instead
  ASSERT_FALSE(r.act(1, r.version(), 1));  // another seat's decision
  EXPECT_EQ(r.undo_available(0), 0) << "another seat acted since";
  EXPECT_EQ(r.undo_available(1), 1);
  // The last bet reveals the cards: it cannot be taken back.
  ASSERT_FALSE(r.act(2, r.version(), 1));
  EXPECT_EQ(r.undo_available(2), 0);
  EXPECT_EQ(r.undo(2, r.version())->code, errc::kNothingToUndo);
  // Undo off: a refusal of its own.
  auto arena = Room::open(toy, {{"rounds", 1}}, people(2), {.seed = 3, .undo = false});
  ASSERT_TRUE(arena);
  ASSERT_FALSE((*arena)->advance());
  ASSERT_FALSE((*arena)->act(0, (*arena)->version(), 1));
  EXPECT_EQ((*arena)->undo_available(0), 0);
  EXPECT_EQ((*arena)->undo(0, (*arena)->version())->code, errc::kUndoOff);
}

TEST(Undo, BotsNeverUndoAndAStandInsDecisionIsNotThePersonsToTakeBack) {
  const GameAdapter<toy::HighCard> toy;
  auto room = Room::open(toy, {{"rounds", 3}}, people(2, 1),
                         {.seed = 5, .move_clock = std::chrono::milliseconds(1)});
  ASSERT_TRUE(room);
  Room& r = **room;
  ASSERT_FALSE(r.advance());
  // Seat 0's clock runs out: its stand-in bets for it.
  ASSERT_TRUE(r.tick(Clock::now() + std::chrono::seconds(1)));
  ASSERT_FALSE(r.advance());
  EXPECT_EQ(r.undo_available(0), 0) << "the stand-in decided, not the person";
  EXPECT_EQ(r.undo_available(1), 0) << "a bot";
  EXPECT_EQ(r.undo(1, r.version())->code, errc::kNothingToUndo);
}

TEST(Undo, StaleVersionsAndBadSeatsAreRefusedWithoutChange) {
  const GameAdapter<toy::HighCard> toy;
  auto room = Room::open(toy, {{"rounds", 1}}, people(2), {.seed = 3});
  Room& r = **room;
  ASSERT_FALSE(r.advance());
  ASSERT_FALSE(r.act(0, r.version(), 1));
  const auto now = views(r);
  EXPECT_EQ(r.undo(0, r.version() - 1)->code, errc::kStale);
  EXPECT_EQ(r.undo(7, r.version())->code, errc::kBadSeat);
  EXPECT_EQ(views(r), now);
  EXPECT_EQ(r.undo_available(0), 1);
}

// --- Each game's cases (docs/architecture.md, "Taking back a move")

TEST(Undo, UfoAMovementBeforeTheDiceIsTakenBackButNotOnceTheyAreRolled) {
  const AnyGame& ufo = *find_game("ufo");
  auto room = Room::open(ufo, Json::object(), people(2), {.seed = 11});
  Room& r = **room;
  ASSERT_TRUE(play_until(r, [&] { return may_move_a_ufo(r); }));
  const Seat mover = first_to_act(r);
  const auto before = views(r);
  const auto choices = r.choices(mover, "en");
  ASSERT_TRUE(act_with(r, "move"));
  ASSERT_FALSE(r.advance());
  ASSERT_EQ(r.undo_available(mover), 1) << "a movement reveals nothing";
  ASSERT_FALSE(r.undo(mover, r.version()));
  EXPECT_EQ(views(r), before) << "the UFO is back where it was, for everyone";
  EXPECT_EQ(r.choices(mover, "en").size(), choices.size());
  // Play on until a die has been rolled after one of the mover's decisions:
  // nothing before it can be taken back.
  bool rolled = false;
  Rng rng(4);
  for (int guard = 0; guard < 5000 && !rolled && !r.finished(); ++guard) {
    const std::size_t events = r.event_count();
    const Seat s = first_to_act(r);
    const auto now = r.choices(s, "en");
    ASSERT_FALSE(
        r.act(s, r.version(), now[rng.below(static_cast<std::uint32_t>(now.size()))].action));
    ASSERT_FALSE(r.advance());
    for (std::size_t i = events; i < r.event_count(); ++i)
      if (r.event(i).actor == kChance && !r.event(i).chat) rolled = true;
    if (rolled) {
      for (Seat p = 0; p < r.num_players(); ++p)
        EXPECT_EQ(r.undo_available(p), 0) << "a die was rolled";
    }
  }
  EXPECT_TRUE(rolled);
}

TEST(Undo, FirstGiantsATakeWhoseEffectIsUndecidedIsTakenBackButNotAfterTheRefill) {
  const AnyGame& fg = *find_game("first-giants");
  auto room = Room::open(fg, Json::object(), people(3), {.seed = 21});
  Room& r = **room;
  // A take that leaves the player a decision (an effect): no card turned up yet.
  int refilled = 0, kept = 0;
  for (int guard = 0; guard < 3000 && !r.finished() && kept == 0; ++guard) {
    ASSERT_FALSE(r.advance());
    const Seat s = first_to_act(r);
    const auto before = views(r);
    bool took = false;
    for (const Choice& c : r.choices(s, "en"))
      if (c.json.contains("take")) {
        ASSERT_FALSE(r.act(s, r.version(), c.action));
        took = true;
        break;
      }
    if (!took) {
      ASSERT_FALSE(r.act(s, r.version(), r.choices(s, "en").front().action));
      continue;
    }
    const std::uint64_t v = r.version();
    ASSERT_FALSE(r.advance());
    if (r.version() != v) {
      // The refill turned a card up: the take is past taking back.
      EXPECT_EQ(r.undo_available(s), 0);
      ++refilled;
      continue;
    }
    ASSERT_EQ(r.undo_available(s), 1) << "the take's effect waits for the player";
    ASSERT_FALSE(r.undo(s, r.version()));
    EXPECT_EQ(views(r), before) << "the card is back on its dig site";
    ++kept;
  }
  EXPECT_GT(kept, 0);
  EXPECT_GT(refilled, 0);
}

TEST(Undo, FirstContactNotePadEditsAndAnOfferAreTakenBackUntilTheOffersAreRevealed) {
  const AnyGame& fc = *find_game("first-contact");
  auto room = Room::open(fc, Json::object(), people(4), {.seed = 5});
  Room& r = **room;
  // The offers: every earthling offers a square at once.
  ASSERT_TRUE(play_until(r, [&] {
    const Seat s = first_to_act(r);
    return s != kChance && r.to_act().size() > 1 &&
           r.choices(s, "en").front().json.contains("offer");
  }));
  const Seat first = first_to_act(r);
  const auto before = views(r);
  // A note-pad edit (a free action in JSON form), then an offer.
  const Json note = {{"note", {{"characteristic", 1}, {"glyph", 3}}}};  // pad line 1
  const MaybeError noted = r.act_json(first, r.version(), note);
  ASSERT_FALSE(noted) << noted->message;
  EXPECT_NE(r.view_text(first), before[static_cast<std::size_t>(first) + 1]);
  ASSERT_TRUE(act_with(r, "offer"));
  EXPECT_EQ(r.undo_available(first), 2);
  ASSERT_FALSE(r.undo(first, r.version()));
  ASSERT_FALSE(r.undo(first, r.version()));
  EXPECT_EQ(views(r), before) << "the offer and the note are gone, for everyone";
  // Offer again; the others offer; the last offer reveals all of them.
  ASSERT_TRUE(act_with(r, "offer"));
  while (r.to_act().size() > 1) ASSERT_TRUE(act_with(r, "offer"));
  const Seat final_seat = first_to_act(r);
  ASSERT_TRUE(act_with(r, "offer"));
  EXPECT_EQ(r.undo_available(final_seat), 0) << "the offers are revealed";
}

// --- Every game: random games with random undos

struct Case {
  std::string game;
  int players;
};

class UndoEveryGame : public testing::TestWithParam<Case> {};

TEST_P(UndoEveryGame, AnUndoGivesBackTheStateBeforeTheDecisionAndTheRecordReplaysIt) {
  const AnyGame& game = *find_game(GetParam().game);
  const int players = GetParam().players;
  store::MemoryTableStore store;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    auto room = Room::open(game, Json::object(), people(players), {.seed = seed}, &store);
    ASSERT_TRUE(room);
    Room& r = **room;
    Rng rng(seed * 977);
    // The views before each of the decisions that may be taken back now.
    // `owner` is the seat they are of.
    std::vector<std::vector<std::string>> stack;
    Seat owner = kChance;
    int undos = 0;
    for (int guard = 0; guard < 20000 && !r.finished(); ++guard) {
      const std::uint64_t v = r.version();
      ASSERT_FALSE(r.advance());
      if (r.version() != v) {  // chance: nothing before it can be taken back
        stack.clear();
        owner = kChance;
      }
      if (r.finished()) break;
      const Seat s = first_to_act(r);
      ASSERT_EQ(static_cast<std::size_t>(r.undo_available(s)), s == owner ? stack.size() : 0u);
      if (s == owner && !stack.empty() && rng.below(3) == 0) {
        ASSERT_FALSE(r.undo(s, r.version()));
        EXPECT_EQ(views(r), stack.back()) << "seed " << seed << " step " << guard;
        stack.pop_back();
        ++undos;
        continue;
      }
      const auto choices = r.choices(s, "en");
      const Action a = choices[rng.below(static_cast<std::uint32_t>(choices.size()))].action;
      auto now = views(r);
      if (s != owner) {  // another seat's decision ends the stack
        stack.clear();
        owner = s;
      }
      ASSERT_FALSE(r.act(s, r.version(), a));
      if (const int n = r.undo_available(s); n == 0) {
        stack.clear();  // it revealed something
        owner = kChance;
      } else {
        ASSERT_EQ(static_cast<std::size_t>(n), stack.size() + 1);
        stack.push_back(std::move(now));
      }
      for (Seat o = 0; o < players; ++o)
        if (o != s) {
          EXPECT_EQ(r.undo_available(o), 0);
        }
    }
    ASSERT_TRUE(r.finished());
    EXPECT_GT(undos, 0) << "seed " << seed;
    // The record keeps every undo and replays to the same states: after an
    // undo, byte for byte the state before the decision taken back.
    auto rec = r.record();
    ASSERT_TRUE(rec);
    std::vector<std::string> states;     // after each entry
    std::vector<std::size_t> decisions;  // entries that may still be taken back
    auto start = game.new_game(rec->params, rec->players);
    std::size_t i = 0;
    auto replayed = replay_record(game, *rec, [&](const AnyState& s) {
      const std::string now = s.to_json().dump();
      if (rec->actions[i].undo) {
        ASSERT_FALSE(decisions.empty());
        const std::size_t k = decisions.back();
        decisions.pop_back();
        EXPECT_EQ(now, k == 0 ? start->to_json().dump() : states[k - 1]) << "entry " << i;
      } else {
        decisions.push_back(i);
      }
      states.push_back(now);
      ++i;
    });
    ASSERT_TRUE(replayed) << replayed.error().message;
    EXPECT_EQ(replayed->result_json(), r.result_json());
    // The stored table has the undos too, and resumes to the same end.
    auto stored = store.load(r.table_id());
    ASSERT_TRUE(stored);
    EXPECT_EQ(record_to_json(store::to_game_record(*stored))["actions"],
              record_to_json(*rec)["actions"]);
    auto resumed = Room::resume(game, *stored, people(players), {.seed = seed});
    ASSERT_TRUE(resumed) << resumed.error().message;
    EXPECT_EQ(views(**resumed), views(r));
  }
}

INSTANTIATE_TEST_SUITE_P(Games, UndoEveryGame,
                         testing::Values(Case{"ufo", 2}, Case{"ufo", 4}, Case{"first-giants", 2},
                                         Case{"first-giants", 4}, Case{"first-contact", 2},
                                         Case{"first-contact", 3}, Case{"first-contact", 5}),
                         [](const auto& param_info) {
                           const Case& p = param_info.param;
                           std::string n = p.game + "_" + std::to_string(p.players);
                           for (char& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });

TEST(Undo, AResumedTableKeepsWhatCanBeTakenBackAndEveryoneIsToldOfTheUndo) {
  const AnyGame& ufo = *find_game("ufo");
  store::MemoryTableStore store;
  auto room = Room::open(ufo, Json::object(), people(2), {.seed = 11}, &store);
  Room& r = **room;
  ASSERT_TRUE(play_until(r, [&] { return may_move_a_ufo(r); }));
  const Seat mover = first_to_act(r);
  const Seat other = 1 - mover;
  ASSERT_TRUE(act_with(r, "move"));
  ASSERT_FALSE(r.undo(mover, r.version()));
  ASSERT_TRUE(act_with(r, "move"));
  auto stored = store.load(r.table_id());
  auto resumed = Room::resume(ufo, *stored, people(2), {.seed = 11}, &store);
  ASSERT_TRUE(resumed) << resumed.error().message;
  Room& back = **resumed;
  EXPECT_EQ(back.undo_available(mover), 1);
  EXPECT_EQ(views(back), views(r));
  ASSERT_FALSE(back.undo(mover, back.version()));
  // An undo is told to everyone who saw the decision, by name.
  const auto seen = back.events_for(other, 0, "en");
  EXPECT_EQ(
      std::count(seen.begin(), seen.end(), "p" + std::to_string(mover) + " takes back a move"), 2);
  EXPECT_EQ(back.events_for(mover, 0, "en").back(), "you take back your move");
  EXPECT_EQ(back.events_for(kSpectator, 0, "it").size(), 0u) << "the room tells only en";
}

}  // namespace
}  // namespace meeple::room
