// The words a player reads: "tap" on a touch screen (in every language),
// Italian that agrees, English with its articles, one full stop, a bot's
// tooltip in words, and why Undo is greyed.
import { signal } from "@preact/signals";
import { cleanup, render } from "@testing-library/preact";
import { afterEach, describe, expect, it } from "vitest";
import { ReviewChart } from "./components/ReviewChart";
import { SeatList } from "./components/SeatList";
import type { TableConnection, TableState } from "./connection";
import fc from "./games/first-contact/index";
import { alienSecrets, baseView, earthlingSecrets, state as fcState } from "./games/first-contact/testdata";
import { t as tg } from "./games/first-giants/strings";
import { tu } from "./games/ufo/strings";
import { lang, touch } from "./i18n";
import type { ErrorMessage, Review } from "./protocol";
import { ui } from "./strings/all";
import { t } from "./strings";

afterEach(() => {
  cleanup();
  lang.value = "en";
  touch.value = false;
});

describe("a touch screen is told to tap", () => {
  it("Ufo! and First Giants say tap / tocca / 탭 on a touch screen and click / clicca / 클릭 with a mouse", () => {
    expect(tu("prompt.setup", { type: "Normal" })).toContain("click a glowing city");
    touch.value = true;
    expect(tu("prompt.setup", { type: "Normal" })).toBe("Place your two Normal UFOs: tap a glowing city.");
    expect(tg("hint.take")).toMatch(/^Tap a glowing card/);
    lang.value = "it";
    expect(tu("prompt.setup", { type: "Normale" })).toContain("tocca una città illuminata");
    expect(tg("hint.take")).toMatch(/^Tocca una carta illuminata/);
    lang.value = "ko";
    expect(tu("prompt.setup", { type: "일반" })).toContain("빛나는 도시를 탭하세요");
    expect(tu("prompt.setup", { type: "일반" })).not.toContain("클릭");
  });

  it("no catalog's text says click on a touch screen, in any language", () => {
    touch.value = true;
    for (const l of ["en", "it", "ko"] as const) {
      lang.value = l;
      for (const k of Object.keys(ui.en) as (keyof typeof ui.en)[])
        expect(t(k), `${l} ${k}`).not.toMatch(/\bclick|\bclicc|클릭/i);
    }
  });
});

describe("words that read right", () => {
  it("Italian: the UFOs' type does not have to agree with 'due UFO'", () => {
    lang.value = "it";
    expect(tu("prompt.setup", { type: "Normale" })).toMatch(/^Metti i tuoi due UFO di tipo Normale:/);
  });

  it("First Contact says 'You are the red alien.' and 'You are earthling 1.'", () => {
    const conn = { error: signal<ErrorMessage | null>(null), held: signal([]), act: () => {} } as unknown;
    const view = baseView({
      players: 3,
      aliens: [
        { seat: 0, colour: "red", items: 0 },
        { seat: 2, colour: "green", items: 0 },
      ],
      ...alienSecrets(),
    });
    const { container, unmount } = render(
      <fc.Screen state={fcState(0, view)} log={[]} act={() => {}} pending={false} conn={conn as TableConnection} />,
    );
    expect(container.querySelector(".fc-role")?.textContent).toBe("You are the red alien.");
    unmount();
    const { container: e } = render(
      <fc.Screen
        state={fcState(1, baseView(earthlingSecrets()))}
        log={[]}
        act={() => {}}
        pending={false}
        conn={conn as TableConnection}
      />,
    );
    expect(e.querySelector(".fc-role")?.textContent).toBe("You are earthling 1.");
  });

  it("the bot's review puts one full stop after a move whose words end with one", () => {
    const review: Review = {
      table: "t1",
      game: "first-giants",
      seat: 0,
      budget: "1000",
      seed: 1,
      decisions: [
        {
          entry: 4,
          number: 1,
          drop: 0.4,
          taken: { action: 1, words: "exhibit Mosasaurus for free." },
          before: { chance: 0.6, ci95: [0.5, 0.7], tries: 100 },
          after: { chance: 0.2, ci95: [0.1, 0.3], tries: 20 },
          best: { action: 2, words: "dig at site 3" },
        },
      ],
      largest_drops: [4],
    };
    const { container } = render(<ReviewChart review={review} words={(w) => w} show={() => {}} />);
    const text = container.querySelector(".review-drops li")?.textContent ?? "";
    expect(text).toContain("exhibit Mosasaurus for free. The bot would have chosen");
    expect(text).not.toContain("..");
  });

  it("a bot seat's tooltip says what the bot does, in the person's language", () => {
    lang.value = "it";
    const s = {
      table: "t1",
      game: "ufo",
      phase: "playing",
      seat: 0,
      version: 3,
      to_act: [0],
      seats: [
        { kind: "person", name: "Ana", connected: true },
        { kind: "bot", name: "random" },
        { kind: "bot", name: "ismcts:hard" },
      ],
    } as unknown as TableState;
    const { container } = render(<SeatList state={s} />);
    const titles = [...container.querySelectorAll(".seat-list .tag[title]")].map((e) => e.getAttribute("title"));
    expect(titles).toEqual(["Un bot che sceglie a caso", "Un bot che guarda avanti: difficile"]);
  });
});
