// First Contact's end screen: the verdict and both teams.
import { cleanup, render } from "@testing-library/preact";
import { afterEach, describe, expect, it } from "vitest";
import { lang } from "../../i18n";
import { Result } from "./Result";
import { baseView, state } from "./testdata";

afterEach(() => {
  cleanup();
  lang.value = "en";
});

describe("the end screen's figures", () => {
  it("shows the verdict in the table's language and both teams", () => {
    const s = state(1, baseView({ phase: "over", to_act: [] }));
    s.phase = "finished";
    s.result = {
      scores: [5, 5],
      ranks: [2, 2],
      winners: [],
      details: {
        teams: {
          aliens: [{ seat: 0, colour: "red", items: 5, winner: false }],
          earthlings: [
            {
              seat: 1,
              tokens: { red: 5 },
              total: 5,
              pad_score: 1,
              note_pad: [{ characteristic: "round", glyph: 15, correct: true }],
              secret_characteristics: ["alive", "food"],
              winner: false,
            },
          ],
        },
        verdict: 1,
        verdict_text: "some understanding, but talking is not where these species shine",
        rounds: 10,
        timer_ran_out: true,
      },
    };
    lang.value = "it";
    const { container } = render(<Result state={s} />);
    const text = container.textContent ?? "";
    expect(text).toContain("un po' di intesa");
    expect(text).toContain("Vivo, Cibo");
    expect(container.querySelector(".fc-result li[data-seat='0'] .fc-token.c-green")).not.toBeNull();
  });
});
