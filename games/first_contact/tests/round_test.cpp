// A round (docs/rules/first-contact.md "A round"): the per-phase dispatch of
// legal_actions, search_actions and chance_outcomes.
#include <gtest/gtest.h>

#include <vector>

#include "games/first_contact/tests/fixture.h"

namespace meeple::first_contact {
namespace {

using namespace test;

// The lists a playout builds come from bitsets (deck cards, uncovered squares)
// and search_actions() skips the note-pad edits instead of dropping them.
// Checked here against the plain definitions, at every step of random games
// in every edition variant and player count.
TEST(FirstContactRound, FastListsEqualThePlainDefinitions) {
  Rng rng(11);
  for (const Json& params : FirstContact::param_variants())
    for (int players = FirstContact::kMinPlayers; players <= FirstContact::kMaxPlayers; ++players) {
      auto made = FirstContact::new_game(resolved(params), players);
      if (!made) continue;  // e.g. three aliens need enough players
      S s = *made;
      const auto& deck = catalog().decks[static_cast<int>(s.edition())];
      std::vector<bool> laid(deck.size());
      while (!s.is_terminal()) {
        if (s.is_chance()) {
          ChanceList outs;
          s.chance_outcomes(outs);
          if (s.phase() == Phase::kLayField) {
            ChanceList plain;
            for (std::size_t c = 0; c < deck.size(); ++c)
              if (!laid[c])
                for (int f = 0; f < deck[c].faces(); ++f)
                  plain.push_back({static_cast<Action>(2 * c) + f, 1});
            ASSERT_EQ(outs, plain);
          }
          const Action a = sample_chance(outs, rng);
          if (s.phase() == Phase::kLayField) laid[static_cast<std::size_t>(a / 2)] = true;
          s.apply_unchecked(kChance, a);
          continue;
        }
        for (Seat seat = 0; seat < players; ++seat) {
          ActionList legal, search;
          s.legal_actions(seat, legal);
          s.search_actions(seat, search);
          ActionList decisions;
          for (Action a : legal)
            if (a < act::kNoteWrite) decisions.push_back(a);
          ASSERT_EQ(search, decisions);
          if (s.to_act().contains(seat) &&
              (s.phase() == Phase::kOffer || s.phase() == Phase::kSecondAttempt)) {
            ActionList open;
            for (int q = 0; q < kSquares; ++q)
              if (s.covered_by(q) < 0) open.push_back(act::kSquare + q);
            if (s.phase() == Phase::kSecondAttempt) open.push_back(act::kPass);
            ASSERT_EQ(search, open);
          }
        }
        const Seat seat = s.to_act().lowest();
        ActionList actions;
        s.search_actions(seat, actions);
        s.apply_unchecked(seat, actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
      }
    }
}

}  // namespace
}  // namespace meeple::first_contact
