#include "bots/first_contact/bots.h"

#include <memory>

#include "bots/first_contact/simple.h"
#include "bots/first_contact/talker.h"
#include "bots/ismcts_bot.h"
#include "games/first_contact/first_contact.h"

namespace meeple::first_contact {

namespace {

class RandomDecisionBot final : public Bot {
 public:
  std::string_view name() const override { return "random"; }
  Action choose(const AnyState& info, Seat seat, Rng& rng) override {
    const ActionList legal = info.legal_actions(seat);
    // Legal lists are sorted and every note-pad edit encodes above every decision.
    std::size_t decisions = 0;
    while (decisions < legal.size() && legal[decisions] < act::kNoteWrite) ++decisions;
    const std::size_t edits = legal.size() - decisions;
    if (decisions == 0 || (edits > 0 && rng.below(20) == 0))
      return legal[decisions + rng.below(static_cast<std::uint32_t>(edits))];
    return legal[rng.below(static_cast<std::uint32_t>(decisions))];
  }
};

}  // namespace

void add_bots(std::vector<BotEntry>& entries) {
  entries.push_back({FirstContact::kName, "random",
                     "uniformly random decisions; note-pad edits only once in a while",
                     [](const BotBudget&) { return std::make_unique<RandomDecisionBot>(); }});
  entries.push_back({FirstContact::kName, "talker",
                     "talks as a person would: an alien answering and writing the likeliest "
                     "understood glyphs, an earthling learning the glyphs with a probabilistic "
                     "model (bots/first_contact/talker.h)",
                     [](const BotBudget&) { return std::make_unique<TalkerBot>(); }});
  entries.push_back({FirstContact::kName, "simple",
                     "a plain partner for cross-play: an alien that answers and describes "
                     "literally, an earthling that decodes glyphs by counting what it saw "
                     "(bots/first_contact/simple.h)",
                     [](const BotBudget&) { return std::make_unique<SimpleBot>(); }});
  entries.push_back(ismcts_entry<FirstContact>());
}

}  // namespace meeple::first_contact
