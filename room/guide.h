// A guided first game: a short table against bots from a fixed deal, where
// at each of the person's decisions a guide says which rule applies now and
// why these are the choices, suggests one of them, and, when the person
// plays something else, says what they did instead and what followed.
//
// The guide is data: each game's data/guide.json (AnyGame::guide()) names
// the table (players, rule options, the seed of its deal and bots, the
// person's seat, the bots' spec) and the person's decisions in order, each
// with the catalog key of its text (the game's data/messages.json, en/it/ko)
// and the section of the rules page it explains. The seed fixes every chance
// outcome and every bot decision, so a person who follows each suggestion
// meets exactly the scripted game (tests/guide_test.cpp plays every guide
// and checks that each step is legal when it is reached).
//
// Hidden information: a guide reads only what its seat may know (its own
// decisions, its choices, the events as the seat was told them).
//
// A guide may have several parts, each a table of its own (First Contact:
// one as an earthling, one as the alien, since a seat keeps its role all
// game): {"parts": [<script>, <script>]}. Script form:
//   {"players": 2, "params": {...}, "seed": 7, "seat": 0, "bot": "heuristic",
//    "intro": "guide.intro", "done": "guide.done",
//    "steps": [{"action": <the action's JSON form>, "say": "guide.move",
//               "rules": "your-turn", "teaches": ["movement"],
//               "expect": "words of an event this step brings about"}]}
// `teaches` names the rules a step shows (tests check each game's list);
// "asides" (optional) is a list of patterns (as a lesson's `when`, below) of
// the person's decisions that are no step: they neither follow nor leave the
// script (First Contact's note-pad edits, which the steps invite at any time).
// `expect` (optional) is a piece of the English event words the step must
// bring about by the person's next decision.
//
// Off the script the guide re-plans: the script's own steps speak
// of its situation, so they are left, but its "lessons" go on:
//   "lessons": [{"teaches": "control-roll", "when": {"roll": true},
//                "say": "guide.lesson.control_roll", "rules": "your-turn"},
//               {"teaches": "answer", "when": {"glyph": null},
//                "view": {"phase": "propose_glyph"}, ...}]
// A lesson whose rule the script had still to show (a step at or after the
// departure teaches it) is told whenever the person's choices hold an action
// that `when` fits and, if it has a `view`, the seat's view of the game (what
// it may know) fits that too: for actions of one form in several situations
// (First Contact's {"glyph": g} answers a question or writes a message; its
// {"offer": s} is a first offer or a second one). A pattern fits a value when
// every key of an object pattern is in the value with a fitting value, null
// fits anything, a list fits when one of its patterns does, and anything
// else fits an equal value. Where several lessons fit, the first listed is
// told. A lesson is over once the person took an action its `when` fits
// where the guide told it (or at the departure itself, where the step's own
// words told the rules it teaches); so two lessons may share a situation and
// come one after the other. To know the person's past situations the guide
// plays the room's record again (only when a past decision may have followed
// a lesson), keeping only the seat's own view and choices.
// Between lessons the guide says "guide.replan" (the lesson goes on; undo
// brings the script back); once no lesson is left, "guide.free".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "room/room.h"

namespace meeple::room {

namespace errc {
inline constexpr const char* kNoGuide = "guide/none";
inline constexpr const char* kCorruptGuide = "guide/corrupt";
}  // namespace errc

struct GuideStep {
  Json action;
  std::string say;    // catalog key
  std::string rules;  // the rules page's section (the slug of its English title)
  std::vector<std::string> teaches;
  std::string expect;
};

struct GuideLesson {
  std::string teaches;
  Json when;
  Json view;          // null: any situation
  std::string say;    // catalog key
  std::string rules;  // the rules page's section
};

struct GuideScript {
  int players = 2;
  Json params = Json::object();
  std::uint64_t seed = 1;
  Seat seat = 0;
  std::string bot;                  // the other seats' bot spec ("" : the game's default)
  std::string intro;                // catalog key of the opening words ("" : none)
  std::string done = "guide.done";  // catalog key of the words after the last step
  std::vector<GuideStep> steps;
  std::vector<GuideLesson> lessons;  // off the script (see above)
  Json asides = Json::array();       // patterns of decisions that are no step (see above)
  int part = 0;                      // which part of the game's guide (0 first)
  int parts = 1;                     // how many it has

  // Part `part` of the game's guide (guide/none for a game without one or
  // without that part, guide/corrupt for a script that does not read).
  static Expected<GuideScript> of(const AnyGame& game, int part = 0);
  // Part `part` of a guide from its JSON text.
  static Expected<GuideScript> parse(const AnyGame& game, std::string_view text, int part = 0);
  // The table it describes: the person at `seat`, bots elsewhere.
  std::vector<SeatConfig> seats(const AnyGame& game, std::string name) const;
};

// What the guide says now to its seat.
struct GuideNote {
  std::size_t step = 0;   // the person's decisions so far (the step now)
  std::size_t steps = 0;  // the script's length
  int part = 0, parts = 1;
  bool on_script = true;  // every decision so far was the suggested one
  std::string text;       // the rule that applies now and why ("" : nothing to decide now);
                          // once the script is behind, its `done` words
  std::string rules;      // section of the rules page ("" : none)
  Json suggestion;        // the suggested action's JSON form, null for none
  std::string instead;    // after a departure: what the person did and what followed
  Json to_json() const;
};

// The note for the script's seat at `room` now, in `lang`.
GuideNote guide_note(const GuideScript& script, const Room& room, std::string_view lang);

}  // namespace meeple::room
