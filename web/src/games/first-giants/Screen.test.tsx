// The board in a DOM: the pieces carry the choices (tooltip = the server's
// words, keyboard-reachable buttons) and clicking one sends its JSON form.
import { fireEvent, render, within } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TableConnection, TableState } from "../../connection";
import { setLang } from "../../i18n";
import type { Json } from "../../protocol";
import { Screen } from "./Screen";
import data from "./testdata.json";

const msgs = data as unknown as Record<string, TableState>;

function draw(phase: string) {
  const act = vi.fn<(a: number | Json) => void>();
  const r = render(
    <Screen state={msgs[phase]} log={[]} act={act} pending={false} conn={{} as unknown as TableConnection} />,
  );
  return { ...r, act };
}

afterEach(() => setLang("en"));

describe("First Giants board", () => {
  it("takes a dig site's card by clicking it", () => {
    const { container, act } = draw("turn");
    const cards = container.querySelectorAll<HTMLButtonElement>(".fg-site button.fg-card");
    expect(cards).toHaveLength(8);
    const words = msgs.turn.choices?.map((c) => c.words) ?? [];
    cards.forEach((b, i) => expect(b.title.startsWith(words[i])).toBe(true));
    fireEvent.click(cards[3]);
    expect(act).toHaveBeenCalledWith({ site: 1, take: "right" });
    expect(container.querySelector(".fg-prompt.mine")).not.toBeNull();
    expect(container.querySelector(".fg-hints")?.textContent).toContain("dig site");
    // The deck's top card is face up, with the count.
    expect(container.querySelector(".fg-deck")?.textContent).toContain("52 cards left");
  });

  it("exhibits from the studio or declines with a button near the board", () => {
    const { container, act } = draw("effect");
    const fossil = container.querySelector<HTMLButtonElement>('.fg-player.me button.fg-card[data-card="56"]');
    // Its name is the choice's words, then the card as shown (so speech input can say what it sees).
    const named = within(container as HTMLElement).getByRole("button", {
      name: /^exhibit Mammoth \(mammal, size 3\) for free\s*3\s*Mammoth/,
    });
    expect(named).toBe(fossil);
    fireEvent.click(fossil as HTMLButtonElement);
    expect(act).toHaveBeenLastCalledWith({ exhibit: 56 });
    const decline = container.querySelector<HTMLButtonElement>(".fg-buttons button");
    expect(decline?.textContent).toContain("do not use it");
    fireEvent.click(decline as HTMLButtonElement);
    expect(act).toHaveBeenLastCalledWith({ decline: true });
    // The game's own words say what fired.
    expect(container.querySelector(".fg-context")?.textContent).toContain("Mammoth");
  });

  it("says how many repetitions come after this one: none for a card that fires once", () => {
    const once = draw("effect");
    expect(msgs.effect.view).toMatchObject({ effect: { repetitions_left: 1 } });
    expect(once.container.querySelector(".fg-context")?.textContent).not.toContain("Repetitions");
    once.unmount();
    const view = msgs.effect.view as { effect: object };
    const twice = { ...msgs.effect, view: { ...view, effect: { ...view.effect, repetitions_left: 2 } } };
    const r = render(
      <Screen state={twice} log={[]} act={vi.fn()} pending={false} conn={{} as unknown as TableConnection} />,
    );
    expect(r.container.querySelector(".fg-context")?.textContent).toContain("Repetitions left after this one: 1.");
  });

  it("the deck's count and its words agree: cards not yet shuffled are not an empty deck", () => {
    const view = msgs.turn.view as object;
    const deck = (count: number) => {
      const state = {
        ...msgs.turn,
        to_act: [],
        choices: [],
        view: { ...view, to_act: [], deck_count: count, deck_top: null },
      };
      const r = render(
        <Screen state={state} log={[]} act={vi.fn()} pending={false} conn={{} as unknown as TableConnection} />,
      );
      const text = r.container.querySelector(".fg-deck")?.textContent ?? "";
      // Nobody decides before the deal: no prompt naming nobody.
      expect(r.container.querySelector(".fg-prompt")).toBeNull();
      r.unmount();
      return text;
    };
    const start = deck(60);
    expect(start).toContain("60 cards left");
    expect(start).not.toContain("The deck is empty");
    expect(start).toContain("not shuffled yet");
    const end = deck(0);
    expect(end).toContain("0 cards left");
    expect(end).toContain("The deck is empty");
  });

  it("takes a reclaimed pawn's amber by clicking the amber", () => {
    const { container, act } = draw("reclaim");
    const amber = container.querySelector<HTMLButtonElement>(".fg-player.me button.fg-counter.amber");
    expect(amber?.title).toBe("take 1 amber for a reclaimed pawn");
    fireEvent.click(amber as HTMLButtonElement);
    expect(act).toHaveBeenCalledWith({ gain: "amber" });
  });

  it("shows card effects as icon plus words in the chosen language", () => {
    setLang("it");
    const { container } = draw("turn");
    const first = container.querySelector(".fg-site .fg-card .fg-when")?.textContent ?? "";
    expect(first.length).toBeGreaterThan(0);
    expect(container.querySelector(".fg-sites")?.textContent).toContain("Sito di scavo 1");
    expect(container.querySelectorAll(".fg-site .fg-card .fg-what svg").length).toBeGreaterThanOrEqual(8);
  });

  it("draws nothing clickable when it is not this seat's move", () => {
    const s = { ...msgs.turn, to_act: [1], choices: [], view: { ...msgs.turn.view, to_act: [1], active: 1 } };
    const act = vi.fn();
    const { container } = render(
      <Screen state={s} log={[]} act={act} pending={false} conn={{} as unknown as TableConnection} />,
    );
    expect(container.querySelectorAll("button").length).toBe(0);
    expect(container.querySelector(".fg-prompt strong")?.textContent).toContain("Bot 2");
  });
});
