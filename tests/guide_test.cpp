// The guided first games (room/guide.h): every game's script still matches
// the game (each step legal when reached, its expected events happen), it
// shows the game's main rules, it reads the same in terminal play and on the
// server (both ways of running bots), its words exist in en/it/ko, and a
// person who plays otherwise is told what they did and may play on.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <regex>
#include <set>

#include "core/record.h"
#include "games/registry.h"
#include "room/guide.h"

namespace meeple::room {
namespace {

// The rules each game's guide must show early.
const std::map<std::string, std::set<std::string>> kMainRules = {
    {"ufo", {"movement", "bump", "support", "restaurant", "control-roll"}},
    {"first-giants", {"dig", "effect", "exhibit", "set", "news"}},
    {"first-contact", {"earthling", "alien"}},
};

// Lets the bots play until the person must act: as terminal play does
// (advance) or as the server does (next_bot_turn on "another thread").
MaybeError run_bots(Room& room, bool server_way) {
  if (!server_way) return room.advance();
  while (true) {
    auto turn = room.next_bot_turn();
    if (!turn) return turn.error();
    if (!*turn) return std::nullopt;
    BotTurn t = std::move(**turn);
    if (auto e = room.apply_bot_turn(t, think(t))) return e;
  }
}

std::unique_ptr<Room> open_guided(const AnyGame& game, const GuideScript& s) {
  auto r = Room::open(game, s.params, s.seats(game, "you"), {.seed = s.seed});
  EXPECT_TRUE(r) << r.error().message;
  return r ? std::move(*r) : nullptr;
}

class EveryGuide : public ::testing::TestWithParam<std::string> {};

// Every part of the game's guide.
std::vector<GuideScript> parts_of(const AnyGame& game) {
  std::vector<GuideScript> out;
  auto first = GuideScript::of(game);
  EXPECT_TRUE(first) << first.error().message;
  if (!first) return out;
  for (int p = 0; p < first->parts; ++p) {
    auto s = GuideScript::of(game, p);
    EXPECT_TRUE(s) << s.error().message;
    if (s) out.push_back(std::move(*s));
  }
  return out;
}

// Follows every suggestion to the script's end; returns what was taught.
void follow(const AnyGame& game, const GuideScript& s, bool server_way,
            std::set<std::string>* taught, std::vector<std::string>* texts) {
  auto room = open_guided(game, s);
  ASSERT_TRUE(room);
  for (std::size_t i = 0; i < s.steps.size(); ++i) {
    ASSERT_FALSE(run_bots(*room, server_way));
    ASSERT_FALSE(room->finished()) << "the game ended before step " << i;
    ASSERT_TRUE(room->must_act(s.seat)) << "step " << i;
    const GuideNote note = guide_note(s, *room, "en");
    EXPECT_TRUE(note.on_script);
    EXPECT_EQ(note.step, i);
    ASSERT_EQ(note.suggestion, s.steps[i].action)
        << "step " << i << " is not one of the choices when it is reached";
    EXPECT_EQ(note.rules, s.steps[i].rules);
    EXPECT_FALSE(note.text.empty());
    texts->push_back(note.text);
    const std::size_t events = room->event_count();
    ASSERT_FALSE(room->act_json(s.seat, room->version(), note.suggestion)) << "step " << i;
    ASSERT_FALSE(run_bots(*room, server_way));
    if (!s.steps[i].expect.empty()) {
      std::string told;
      for (const auto& w : room->events_for(s.seat, events, "en")) told += w + "\n";
      EXPECT_NE(told.find(s.steps[i].expect), std::string::npos)
          << "step " << i << " should bring about \"" << s.steps[i].expect << "\"; it told:\n"
          << told;
    }
    for (const auto& t : s.steps[i].teaches) taught->insert(t);
  }
  // After the script, the guide says the part is over (whoever is to play)
  // and lets the person play on.
  const GuideNote end = guide_note(s, *room, "en");
  EXPECT_TRUE(end.suggestion.is_null());
  EXPECT_EQ(end.text, game.messages()->text(s.done, "en"));
}

TEST_P(EveryGuide, EveryStepIsLegalWhenReachedAndTheMainRulesComeUp) {
  const AnyGame& game = *find_game(GetParam());
  std::set<std::string> taught;
  std::vector<std::string> texts;
  for (const GuideScript& s : parts_of(game)) {
    SCOPED_TRACE("part " + std::to_string(s.part + 1));
    ASSERT_FALSE(s.steps.empty());
    ASSERT_NO_FATAL_FAILURE(follow(game, s, false, &taught, &texts));
  }
  for (const auto& rule : kMainRules.at(GetParam()))
    EXPECT_TRUE(taught.count(rule)) << "the guide does not show " << rule;
}

TEST_P(EveryGuide, TheServersWayOfRunningBotsMeetsTheSameGame) {
  const AnyGame& game = *find_game(GetParam());
  std::set<std::string> taught;
  std::vector<std::string> texts;
  for (const GuideScript& s : parts_of(game))
    ASSERT_NO_FATAL_FAILURE(follow(game, s, true, &taught, &texts)) << "part " << s.part + 1;
}

TEST_P(EveryGuide, AFreeActionNeitherFollowsNorLeavesTheScript) {
  // First Contact's guide invites the earthling to write in the note pad
  // "whenever you like": a free action between two steps keeps the person
  // on the script, and the guide still suggests the step it suggested.
  const AnyGame& game = *find_game(GetParam());
  int free_taken = 0;
  for (const GuideScript& s : parts_of(game)) {
    SCOPED_TRACE("part " + std::to_string(s.part + 1));
    auto room = open_guided(game, s);
    ASSERT_TRUE(room);
    for (std::size_t i = 0; i < s.steps.size(); ++i) {
      ASSERT_FALSE(room->advance());
      const auto free = room->free_choices(s.seat, "en");
      if (!free.empty()) {
        ASSERT_FALSE(room->act_json(s.seat, room->version(), free.front().json));
        ++free_taken;
        const GuideNote note = guide_note(s, *room, "en");
        EXPECT_TRUE(note.on_script) << "step " << i << " after " << free.front().json.dump();
        EXPECT_EQ(note.suggestion, s.steps[i].action) << "step " << i;
        EXPECT_TRUE(note.instead.empty()) << note.instead;
      }
      ASSERT_FALSE(room->act_json(s.seat, room->version(), s.steps[i].action)) << "step " << i;
    }
    ASSERT_FALSE(room->advance());
    EXPECT_EQ(guide_note(s, *room, "en").text, game.messages()->text(s.done, "en"));
  }
  if (GetParam() == "first-contact") {
    EXPECT_GT(free_taken, 0) << "the earthling's note pad is a free action";
  }
}

TEST_P(EveryGuide, EveryTextAndSectionExistsInEveryLanguage) {
  const AnyGame& game = *find_game(GetParam());
  const Catalog& words = *game.messages();
  std::set<std::string> keys = {"guide.instead", "guide.followed", "guide.free"};
  for (const GuideScript& s : parts_of(game)) {
    keys.insert(s.done);
    if (!s.intro.empty()) keys.insert(s.intro);
    for (const auto& lesson : s.lessons) {
      keys.insert(lesson.say);
      EXPECT_FALSE(lesson.rules.empty()) << lesson.say << " links no section of the rules";
    }
    if (!s.lessons.empty()) keys.insert("guide.replan");
    for (const auto& step : s.steps) {
      keys.insert(step.say);
      EXPECT_FALSE(step.rules.empty()) << step.say << " links no section of the rules";
    }
  }
  for (const auto& k : keys) {
    ASSERT_TRUE(words.contains(k)) << k;
    for (auto lang : kLanguages) EXPECT_FALSE(words.text(k, lang).empty()) << k << " " << lang;
  }
  // A text names a seat as the game's own events do (its catalog's "seat"
  // words), so that the web client puts the players' names in, as it does in
  // the event log: never as another game's seat words.
  for (auto lang : kLanguages) {
    std::set<std::string> others;
    for (const AnyGame* g : all_games())
      if (g != &game && g->messages() && g->messages()->contains("seat"))
        others.insert(g->messages()->text("seat", lang));
    if (words.contains("seat")) others.erase(words.text("seat", lang));
    for (const auto& other : others) {
      const std::size_t at = other.find("{n}");
      ASSERT_NE(at, std::string::npos) << other;
      const std::regex foreign(other.substr(0, at) + "[0-9]" + other.substr(at + 3));
      for (const auto& k : keys)
        EXPECT_FALSE(std::regex_search(words.text(k, lang), foreign))
            << k << " (" << lang << ") names a seat as \"" << other << "\"";
    }
  }
}

// Whether `name` stands in `text` as a whole word.
bool names(const std::string& text, const std::string& name) {
  const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    const std::size_t end = at + name.size();
    if ((at == 0 || !word(text[at - 1])) && (end == text.size() || !word(text[end]))) return true;
  }
  return false;
}

TEST_P(EveryGuide, TextsCallPlacesAndThingsByTheNamesTheScreenShows) {
  // A proper name of the game's catalog (a city, a fossil, a UFO type) that
  // an English guide text uses is, in the other languages, the name the
  // screen shows in that language (Smirne, not Izmir, in Italian).
  const AnyGame& game = *find_game(GetParam());
  const Catalog& words = *game.messages();
  int checked = 0;
  for (const auto& key : words.keys()) {
    const std::string& en = words.text(key, "en");
    if (key.starts_with("guide.") || en.size() < 4 || en.find('{') != std::string::npos ||
        !std::isupper(static_cast<unsigned char>(en[0])))
      continue;
    for (const auto& guide_key : words.keys()) {
      if (!guide_key.starts_with("guide.") || !names(words.text(guide_key, "en"), en)) continue;
      ++checked;
      for (auto lang : {"it", "ko"})
        EXPECT_NE(words.text(guide_key, lang).find(words.text(key, lang)), std::string::npos)
            << guide_key << " (" << lang << ") names " << en << " otherwise than the screen's \""
            << words.text(key, lang) << "\"";
    }
  }
  if (GetParam() != "first-contact") {  // its catalog's things are common nouns
    EXPECT_GT(checked, 0) << "no name to check";
  }
}

void depart_and_play_on(const AnyGame& game, const GuideScript& script) {
  auto room = open_guided(game, script);
  ASSERT_TRUE(room);
  // The first step where another choice exists: take the first other one.
  std::size_t departed = script.steps.size();
  for (std::size_t i = 0; i < script.steps.size() && departed == script.steps.size(); ++i) {
    ASSERT_FALSE(room->advance());
    const auto choices = room->choices(script.seat, "en");
    const GuideNote note = guide_note(script, *room, "en");
    const Json* other = nullptr;
    for (const auto& c : choices)
      if (c.json != note.suggestion) other = &c.json;
    const Json pick = other ? *other : note.suggestion;
    ASSERT_FALSE(room->act_json(script.seat, room->version(), pick));
    if (other) departed = i;
  }
  ASSERT_LT(departed, script.steps.size()) << "the script leaves no choice anywhere";
  ASSERT_FALSE(room->advance());
  const GuideNote after = guide_note(script, *room, "en");
  EXPECT_FALSE(after.on_script);
  std::string taken =
      room->event_words(room->decisions(script.seat).back().event, script.seat, "en");
  while (!taken.empty() && taken.back() == '.') taken.pop_back();
  EXPECT_NE(after.instead.find(taken), std::string::npos)
      << "it says what the person did: " << after.instead;
  EXPECT_EQ(after.instead.find(".."), std::string::npos) << "one sentence, one full stop";
  // Off the script the guide suggests only what is possible, and the game
  // goes on to its end.
  Rng rng(7);
  while (!room->finished()) {
    const GuideNote n = guide_note(script, *room, "en");
    const auto choices = room->choices(script.seat, "en");
    bool open = n.suggestion.is_null();
    for (const auto& c : choices) open = open || c.json == n.suggestion;
    EXPECT_TRUE(open) << "a suggestion that is not a choice";
    ASSERT_FALSE(room->act(script.seat, room->version(),
                           choices[rng.below(static_cast<std::uint32_t>(choices.size()))].action));
    ASSERT_FALSE(room->advance());
  }
}

TEST_P(EveryGuide, APersonWhoPlaysOtherwiseIsToldWhatTheyDidAndPlaysOn) {
  const AnyGame& game = *find_game(GetParam());
  for (const GuideScript& part : parts_of(game)) {
    SCOPED_TRACE("part " + std::to_string(part.part + 1));
    ASSERT_NO_FATAL_FAILURE(depart_and_play_on(game, part));
  }
}

// One off-guide move does not end the lesson: in Ufo!, moving
// elsewhere at step 2 is answered with the re-planned guide (the lesson goes
// on, undo brings the script back), and the control roll, the support and the
// bump are still explained when the person's choices first offer them.
TEST(Guide, OneDepartureDoesNotEndTheLesson) {
  const AnyGame& game = *find_game("ufo");
  auto script = GuideScript::of(game);
  ASSERT_TRUE(script);
  auto room = open_guided(game, *script);
  ASSERT_TRUE(room);
  const Catalog& words = *game.messages();
  auto act = [&](const Json& json) {
    const MaybeError e = room->act_json(script->seat, room->version(), json);
    ASSERT_FALSE(e) << json.dump() << ": " << e->message;
    ASSERT_FALSE(room->advance());
  };
  ASSERT_FALSE(room->advance());
  act(script->steps[0].action);
  // Step 2: a move the script did not suggest.
  Json other;
  for (const auto& c : room->choices(script->seat, "en"))
    if (c.json != script->steps[1].action && c.json.contains("move")) other = c.json;
  ASSERT_FALSE(other.is_null());
  act(other);
  GuideNote note = guide_note(*script, *room, "en");
  EXPECT_FALSE(note.on_script);
  EXPECT_EQ(note.text, words.text("guide.replan", "en")) << note.text;
  EXPECT_NE(note.text.find("undo"), std::string::npos);
  // Play on: a restaurant try, a roll, a bump or a support whenever offered
  // (the rules the lessons explain), else the first choice. Each lesson is
  // told the first time its action is offered.
  std::map<std::string, int> told, offered;
  const std::map<std::string, std::string> lesson_of = {{"roll", "guide.lesson.control_roll"},
                                                        {"support", "guide.lesson.support"},
                                                        {"bump", "guide.lesson.bump"}};
  for (int guard = 0; guard < 3000 && !room->finished(); ++guard) {
    const auto choices = room->choices(script->seat, "en");
    ASSERT_FALSE(choices.empty());
    note = guide_note(*script, *room, "en");
    const Json* pick = &choices.front().json;
    for (const auto& c : choices) {
      const bool tries =
          c.json.contains("deed") && c.json["deed"].value("do", "") == "open-restaurant";
      if (tries || c.json.contains("roll") || c.json.contains("bump") ||
          c.json.contains("support")) {
        pick = &c.json;
        break;
      }
    }
    for (const auto& [key, lesson] : lesson_of) {
      if (pick->contains(key) && offered[key]++ == 0) {
        EXPECT_EQ(note.text, words.text(lesson, "en")) << "the first " << key << " is explained";
      }
    }
    for (const auto& [key, lesson] : lesson_of) told[key] += note.text == words.text(lesson, "en");
    act(*pick);
  }
  EXPECT_GT(offered["roll"], 0) << "the game offered a control roll";
  EXPECT_GT(told["roll"], 0);
  for (const auto& [key, n] : offered) EXPECT_GT(told[key], 0) << key;
}

// First Contact's parts re-plan too. A part is left at an early
// step; then each lesson still to come must be told the first time its
// situation arises (as the person's view shows it, not as the lesson's own
// pattern says), "guide.replan" between lessons and "guide.free" only after
// the last. The person takes the lesson's action when one is told.
struct FcLesson {
  std::string say;
  // Its situation, from the person's view of the game.
  std::function<bool(const Json& view)> now;
  // The action a person who follows the lesson takes.
  std::function<bool(const Json& choice)> take;
};

bool in_phase(const Json& view, std::string_view phase) {
  return view.value("phase", "") == phase;
}

const std::map<std::string, FcLesson>& fc_lessons() {
  static const std::map<std::string, FcLesson> kLessons = [] {
    std::map<std::string, FcLesson> l;
    auto has = [](std::string key) { return [key](const Json& c) { return c.contains(key); }; };
    auto rotated = [](const Json& v) { return !v["question"]["rotated"].empty(); };
    auto written = [](const Json& v) { return !v["message"]["glyphs"].empty(); };
    l["ask"] = {"guide.lesson.ask",
                [](const Json& v) { return in_phase(v, "choose_characteristic"); },
                has("characteristic")};
    l["rotate"] = {"guide.lesson.rotate",
                   [=](const Json& v) { return in_phase(v, "rotate_cards") && !rotated(v); },
                   has("rotate")};
    l["stop"] = {"guide.lesson.stop",
                 [=](const Json& v) { return in_phase(v, "rotate_cards") && rotated(v); },
                 has("done")};
    l["offer"] = {"guide.lesson.offer", [](const Json& v) { return in_phase(v, "offer"); },
                  has("offer")};
    l["second-offer"] = {"guide.lesson.second_offer",
                         [](const Json& v) { return in_phase(v, "second_attempt"); }, has("pass")};
    l["timer"] = {"guide.lesson.timer", [](const Json& v) { return in_phase(v, "second_attempt"); },
                  has("pass")};
    l["answer"] = {"guide.lesson.answer",
                   [](const Json& v) { return in_phase(v, "propose_glyph"); }, has("glyph")};
    l["target"] = {"guide.lesson.target",
                   [](const Json& v) { return in_phase(v, "choose_target"); }, has("target")};
    l["message"] = {"guide.lesson.message",
                    [=](const Json& v) { return in_phase(v, "write_message") && !written(v); },
                    has("glyph")};
    l["send"] = {"guide.lesson.send",
                 [=](const Json& v) { return in_phase(v, "write_message") && written(v); },
                 has("send")};
    return l;
  }();
  return kLessons;
}

struct FcDeparture {
  int part;
  std::size_t step;                  // the step (0 first) where the person plays otherwise
  std::vector<std::string> lessons;  // the lessons still to come, in the guide's order
};

void fc_depart_and_learn(const FcDeparture& d) {
  const AnyGame& game = *find_game("first-contact");
  const Catalog& words = *game.messages();
  auto script = GuideScript::of(game, d.part);
  ASSERT_TRUE(script);
  auto room = open_guided(game, *script);
  ASSERT_TRUE(room);
  const Seat seat = script->seat;
  auto act = [&](const Json& json) {
    const MaybeError e = room->act_json(seat, room->version(), json);
    ASSERT_FALSE(e) << json.dump() << ": " << e->message;
    ASSERT_FALSE(room->advance());
  };
  ASSERT_FALSE(room->advance());
  for (std::size_t i = 0; i < d.step; ++i) ASSERT_NO_FATAL_FAILURE(act(script->steps[i].action));
  Json other;
  for (const auto& c : room->choices(seat, "en"))
    if (other.is_null() && c.json != script->steps[d.step].action) other = c.json;
  ASSERT_FALSE(other.is_null());
  ASSERT_NO_FATAL_FAILURE(act(other));
  ASSERT_FALSE(guide_note(*script, *room, "en").on_script);

  std::size_t learned = 0;  // d.lessons[0, learned) are told and followed
  std::vector<std::string> told;
  for (int guard = 0; guard < 2000 && !room->finished(); ++guard) {
    const auto choices = room->choices(seat, "en");
    ASSERT_FALSE(choices.empty());
    const Json view = room->view(seat);
    const GuideNote note = guide_note(*script, *room, "en");
    ASSERT_FALSE(note.on_script);
    EXPECT_TRUE(note.suggestion.is_null());
    // The first lesson still to come whose situation this is.
    const FcLesson* due = nullptr;
    for (std::size_t i = learned; i < d.lessons.size() && !due; ++i)
      if (fc_lessons().at(d.lessons[i]).now(view)) due = &fc_lessons().at(d.lessons[i]);
    const std::string phase = view.value("phase", "");
    if (due) {
      ASSERT_EQ(note.text, words.text(due->say, "en"))
          << "in phase " << phase << " the guide should tell " << due->say;
      EXPECT_FALSE(note.rules.empty()) << due->say << " links no section of the rules";
      EXPECT_EQ(due->say, fc_lessons().at(d.lessons[learned]).say)
          << "the lessons come in the guide's order";
      told.push_back(due->say);
      const Json* pick = nullptr;
      for (const auto& c : choices)
        if (!pick && due->take(c.json)) pick = &c.json;
      ASSERT_TRUE(pick) << due->say << ": its action is not a choice";
      ++learned;
      ASSERT_NO_FATAL_FAILURE(act(*pick));
      continue;
    }
    if (learned < d.lessons.size())
      EXPECT_EQ(note.text, words.text("guide.replan", "en"))
          << "in phase " << phase << ", with " << d.lessons[learned] << " still to come";
    else
      EXPECT_EQ(note.text, words.text("guide.free", "en")) << "in phase " << phase;
    // Otherwise short questions and messages, the first other choice.
    const Json* pick = &choices.front().json;
    for (const auto& c : choices)
      if (c.json.contains("done") || c.json.contains("send")) pick = &c.json;
    ASSERT_NO_FATAL_FAILURE(act(*pick));
  }
  std::vector<std::string> expected;
  for (const auto& l : d.lessons) expected.push_back(fc_lessons().at(l).say);
  EXPECT_EQ(told, expected) << "every lesson still to come is told, once each";
}

TEST(Guide, FirstContactsEarthlingLearnsOnAfterADeparture) {
  SCOPED_TRACE("the zero turn left");
  fc_depart_and_learn({0, 0, {"ask", "rotate", "stop", "offer", "second-offer", "timer"}});
}

TEST(Guide, FirstContactsEarthlingLearnsOnAfterAnotherQuestion) {
  // Asking another characteristic at step 2 follows the step's own words on
  // asking: what is still to come is showing it, stopping and offering.
  fc_depart_and_learn({0, 1, {"rotate", "stop", "offer", "second-offer", "timer"}});
}

TEST(Guide, FirstContactsAlienLearnsOnAfterAnotherAnswer) {
  fc_depart_and_learn({1, 0, {"target", "message", "send"}});
}

TEST(Guide, FirstContactsAlienLearnsOnAfterAnotherTarget) {
  // The answer comes back in round two: its glyphs are not a message's.
  fc_depart_and_learn({1, 1, {"message", "send", "answer"}});
}

// A Ufo! control roll at its die (a chance node): the chance that the die
// plus the roll's modifier reaches the city's resistance.
double roll_odds(const AnyState& at_die) {
  const Json roll = at_die.view(kSpectator).at("control_roll");
  const int modifier = roll.at("modifier").get<int>(),
            resistance = roll.at("resistance").get<int>();
  double hit = 0, all = 0;
  for (const auto& o : at_die.chance_outcomes()) {
    all += o.weight;
    if (static_cast<int>(o.action) + modifier >= resistance) hit += o.weight;
  }
  return hit / all;
}

// Which roll it is: the round, the deed and the city of the rolling UFO.
std::string roll_key(const Json& view) {
  const Json& roll = view.at("control_roll");
  const int ufo = roll.at("ufo").get<int>();
  return view.at("round").dump() + " " + roll.at("deed").get<std::string>() + " in " +
         view.at("ufos").at(static_cast<std::size_t>(ufo)).at("space").get<std::string>();
}

// Every control roll `seat` can reach from `s` by its own decisions in this
// action phase (each order of its deeds and assists), with the best odds of
// each; the search stops at the die, or where the phase or the seat changes.
void reachable_rolls(const AnyState& s, Seat seat, std::map<std::string, double>& best,
                     int& budget) {
  if (--budget < 0) return;
  const Json view = s.view(seat);
  if (s.is_chance()) {
    if (view.contains("control_roll")) {
      double& b = best[roll_key(view)];
      b = std::max(b, roll_odds(s));
    }
    return;
  }
  const std::string phase = view.at("phase").get<std::string>();
  if (s.to_act() != SeatSet::only(seat) || (phase != "actions" && phase != "assist")) return;
  for (Action a : s.legal_actions(seat)) {
    AnyState next = s;
    ASSERT_FALSE(next.apply(seat, a));
    reachable_rolls(next, seat, best, budget);
  }
}

// The Ufo! guide's advice agrees with the modifiers it teaches:
// each control roll it suggests has the best odds that any order of the
// person's deeds in that action phase could have given the same roll (a
// kiosk next to the city opened first, a helper), so it never rolls before
// what would have added to the roll.
TEST(Guide, UfosSuggestedControlRollsHaveTheBestOddsTheTurnOffers) {
  const AnyGame& game = *find_game("ufo");
  auto script = GuideScript::of(game);
  ASSERT_TRUE(script) << script.error().message;
  auto room = open_guided(game, *script);
  ASSERT_TRUE(room);
  const Seat me = script->seat;
  std::map<std::string, double> best;  // the rolls reachable so far, by roll_key
  int rolls = 0;
  for (std::size_t i = 0; i < script->steps.size(); ++i) {
    ASSERT_FALSE(room->advance());
    const GuideNote note = guide_note(*script, *room, "en");
    ASSERT_EQ(note.suggestion, script->steps[i].action) << "step " << i;
    auto now = replay_record(game, room->record_so_far());
    ASSERT_TRUE(now) << now.error().message;
    int budget = 200000;
    reachable_rolls(*now, me, best, budget);
    ASSERT_GE(budget, 0) << "step " << i << ": too many orders to search";
    AnyState after = *now;
    ASSERT_FALSE(after.apply_json(me, note.suggestion)) << "step " << i;
    if (after.is_chance() && after.view(me).contains("control_roll")) {
      ++rolls;
      const std::string key = roll_key(after.view(me));
      EXPECT_EQ(roll_odds(after), best.at(key))
          << "step " << i << " rolls for " << key << " with odds " << roll_odds(after)
          << " where the turn offered " << best.at(key);
    }
    ASSERT_FALSE(room->act_json(me, room->version(), note.suggestion)) << "step " << i;
  }
  EXPECT_GE(rolls, 1) << "the guide teaches the control roll by one";
}

INSTANTIATE_TEST_SUITE_P(Games, EveryGuide,
                         ::testing::Values("ufo", "first-giants", "first-contact"),
                         [](const auto& param_info) {
                           std::string n = param_info.param;
                           for (char& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });

TEST(Guide, AGameWithoutAGuideOrABrokenScriptIsAClearError) {
  const AnyGame& game = *find_game("ufo");
  auto bad = GuideScript::parse(game, "{\"players\": 9, \"seed\": 1, \"seat\": 0, \"steps\": []}");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, errc::kCorruptGuide);
  auto junk = GuideScript::parse(game, "not json");
  ASSERT_FALSE(junk);
  EXPECT_EQ(junk.error().code, errc::kCorruptGuide);
}

}  // namespace
}  // namespace meeple::room
