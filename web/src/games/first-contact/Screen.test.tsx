// The First Contact screen drawn in jsdom and clicked: the alien's desk, the
// earthling's note pad and offers, table talk.
import { signal } from "@preact/signals";
import { cleanup, fireEvent, render } from "@testing-library/preact";
import { afterEach, describe, expect, it } from "vitest";
import type { HeldDecision, TableConnection, TableState } from "../../connection";
import { lang } from "../../i18n";
import type { Choice, ErrorMessage, Json } from "../../protocol";
import { GLYPHS, charName, glyphWords, itemName } from "./data";
import mod from "./index";
import { pictureOf } from "./pictures";
import { refusedWord } from "./Talk";
import { ITEMS, alienSecrets, baseView, choice, earthlingSecrets, state } from "./testdata";

afterEach(() => {
  cleanup();
  lang.value = "en";
});

function fakeConn(): TableConnection {
  return { error: signal<ErrorMessage | null>(null), held: signal([]), act: () => {} } as unknown as TableConnection;
}

function renderScreen(s: TableState, conn = fakeConn()) {
  const sent: Json[] = [];
  const view = render(<mod.Screen state={s} log={[]} act={(a) => sent.push(a as Json)} pending={false} conn={conn} />);
  return { ...view, sent, conn };
}

describe("the alien composes a message by clicking glyphs", () => {
  it("clicks a glyph, the NOT bar and a glyph, then send: the server's JSON forms", () => {
    const choices: Choice[] = [];
    for (const g of GLYPHS)
      choices.push(
        choice({ glyph: g.id }, `write glyph ${g.id}`),
        choice({ glyph: g.id, negated: true }, `write NOT glyph ${g.id}`),
      );
    choices.push(choice({ send: true }, "send the message"));
    const view = baseView({
      phase: "write_message",
      to_act: [0],
      message: { seat: 0, glyphs: [] },
      ...alienSecrets({ target: 3 }),
    });
    const { container, sent, getByText } = renderScreen(state(0, view, choices));
    const key = (g: number) => container.querySelector(`.fc-pad button.fc-key[data-glyph="${g}"]`) as HTMLElement;
    // The key of "Big" (glyph 14) says what it plays and what it means.
    expect(key(14).getAttribute("title")).toBe(`write glyph 14 (${charName("big")})`);
    fireEvent.click(key(14));
    fireEvent.click(container.querySelector(".fc-not") as HTMLElement);
    expect(key(5).getAttribute("title")).toContain("write NOT glyph 5");
    fireEvent.click(key(5));
    fireEvent.click(getByText("send the message"));
    expect(sent).toEqual([{ glyph: 14 }, { glyph: 5, negated: true }, { send: true }]);
  });

  it("shows the message being written with its NOT bars", () => {
    const view = baseView({
      phase: "write_message",
      to_act: [0],
      message: {
        seat: 0,
        glyphs: [
          { glyph: 22, negated: true },
          { glyph: 12, negated: false },
        ],
      },
      ...alienSecrets({ target: 3 }),
    });
    const { container } = renderScreen(state(0, view, [choice({ send: true })]));
    const line = container.querySelector(".fc-compose-line") as HTMLElement;
    expect(line.getAttribute("data-count")).toBe("2");
    expect(line.querySelectorAll(".not-bar").length).toBe(1);
    expect(container.querySelector(".fc-sq.target")?.getAttribute("data-square")).toBe("3");
  });
});

describe("the alien's desk draws no empty box", () => {
  it("shows the message or proposal box only while writing or proposing, never empty above the pad", () => {
    // The alien's view always carries my_proposal (null when none): in the
    // other phases nothing is to be shown above the language pad.
    for (const phase of ["choose_target", "choose_characteristic", "rotate_cards", "offer", "second_attempt"]) {
      const view = baseView({ phase, to_act: [1], ...alienSecrets() });
      const { container } = renderScreen(state(0, view));
      expect(container.querySelector(".fc-compose"), phase).toBeNull();
      expect(container.querySelector(".fc-pad")).not.toBeNull();
      cleanup();
    }
    const proposing = baseView({ phase: "propose_glyph", to_act: [0], ...alienSecrets() });
    const { container } = renderScreen(state(0, proposing));
    expect(container.querySelector(".fc-compose h3")?.textContent).toBe("Your proposal");
  });
});

describe("the earthling edits the note pad and offers by clicking", () => {
  it("picks a glyph then a cell, empties a cell, toggles an unknown symbol, offers a square", () => {
    const edits: Json[] = [];
    const conn = {
      error: signal<ErrorMessage | null>(null),
      held: signal([]),
      act: (a: Json) => edits.push(a),
    } as unknown as TableConnection;
    const view = baseView({
      phase: "offer",
      to_act: [1],
      message: { seat: 0, glyphs: [{ glyph: 4, negated: false }] },
      ...earthlingSecrets(),
    });
    const offers = [0, 1, 2].map((s) => choice({ offer: s }, `offer square ${s} (${itemName(ITEMS[s])})`));
    const { container, sent } = renderScreen(state(1, view, offers), conn);
    fireEvent.click(container.querySelector('.fc-glyph-pad button[data-glyph="9"]') as HTMLElement);
    fireEvent.click(container.querySelector('li[data-characteristic="metal"] .fc-note-cell') as HTMLElement);
    fireEvent.click(container.querySelector('li[data-characteristic="big"] .fc-note-x') as HTMLElement);
    fireEvent.click(container.querySelector('.fc-unknown button[data-glyph="7"]') as HTMLElement);
    // Cell first, then the glyph.
    fireEvent.click(container.querySelector('li[data-characteristic="food"] .fc-note-cell') as HTMLElement);
    fireEvent.click(container.querySelector('.fc-glyph-pad button[data-glyph="2"]') as HTMLElement);
    expect(edits).toEqual([
      { note: { characteristic: "metal", glyph: 9 } },
      { note: { characteristic: "big", glyph: null } },
      { unknown: 7 },
      { note: { characteristic: "food", glyph: 2 } },
    ]);
    const sq = container.querySelector('button.fc-sq[data-square="1"]') as HTMLElement;
    expect(sq.getAttribute("title")).toBe(`offer square 1 (${itemName(ITEMS[1])})`);
    fireEvent.click(sq);
    expect(sent).toEqual([{ offer: 1 }]);
    // Only the squares with a choice are buttons.
    expect(container.querySelectorAll("button.fc-sq").length).toBe(3);
  });

  it("hands every note edit to the connection at once, in words; shows those it holds as waiting", () => {
    // The connection holds a free action until the seat is asked (connection.ts; held.test.tsx).
    const edits: { a: Json; words?: string; expect?: Json }[] = [];
    const held = signal<HeldDecision[]>([]);
    const conn = {
      error: signal<ErrorMessage | null>(null),
      held,
      act: (a: Json, more: { words?: string; expect?: Json } = {}) => {
        edits.push({ a, ...more });
        held.value = [
          ...held.value,
          { id: String(edits.length), action: a, made: 30, free: true, words: "", tries: 0 },
        ];
      },
    } as unknown as TableConnection;
    const waiting = baseView({ phase: "propose_glyph", to_act: [0], ...earthlingSecrets() });
    const { container } = renderScreen(state(1, waiting), conn);
    fireEvent.click(container.querySelector('.fc-glyph-pad button[data-glyph="9"]') as HTMLElement);
    fireEvent.click(container.querySelector('li[data-characteristic="metal"] .fc-note-cell') as HTMLElement);
    fireEvent.click(container.querySelector('.fc-unknown button[data-glyph="7"]') as HTMLElement);
    expect(edits).toEqual([
      { a: { note: { characteristic: "metal", glyph: 9 } }, words: `write ${glyphWords(9)} for ${charName("metal")}` },
      { a: { unknown: 7 }, words: `take ${glyphWords(7)} out of the unknown symbols`, expect: { present: false } },
    ]);
    // Shown at once, marked as waiting.
    expect(
      container.querySelector('li[data-characteristic="metal"].waiting .fc-note-cell')?.getAttribute("data-glyph"),
    ).toBe("9");
    expect(container.querySelector(".fc-unknown button[data-glyph='7']")).toBeNull();
    expect(container.querySelector(".fc-note-waiting")?.textContent).toMatch(/^2 note changes/);
  });

  it("shows the answer to the last question above the field, to drag onto the note pad", () => {
    const view = baseView({
      phase: "choose_target",
      to_act: [0],
      question: { seat: 1, rotated: [1, 5], answer: [12] },
      this_round: { questions: [{ seat: 1, rotated: [1, 5], answer: [12] }], messages: [] },
      ...earthlingSecrets(),
    });
    const { container } = renderScreen(state(1, view));
    const onTable = container.querySelector(".fc-on-table") as HTMLElement;
    expect(onTable.textContent).toContain(itemName(ITEMS[5]));
    const glyph = onTable.querySelector(".fc-msg-glyph") as HTMLElement;
    expect(glyph.getAttribute("aria-label")).toBe("glyph 12 (hourglass)");
    expect(glyph.getAttribute("data-drag")).toBe("glyph");
  });

  it("explains a chat refusal kindly, quoting the word", () => {
    const conn = fakeConn();
    conn.error.value = {
      type: "error",
      code: "chat/names_characteristic",
      message: 'Players may not name a characteristic: "big" names Big (Big, Grande, 큰).',
    };
    const { container } = renderScreen(state(1, baseView(earthlingSecrets())), conn);
    const note = container.querySelector(".fc-chat-rule.refused") as HTMLElement;
    expect(note.textContent).toContain("“big” names a characteristic");
    expect(refusedWord('I giocatori non possono nominare una caratteristica: "grande" nomina Big')).toBe("grande");
  });
});

describe("the field's pictures are the client's own", () => {
  it("draws every square's item as its shipped picture, never as an emoji left to the device's font", () => {
    const view = baseView({
      field: ["river", "wig", "scribe", "whip", "hanbok", ...ITEMS].map((item, square) => ({
        square,
        item,
        covered_by: null,
      })),
    });
    const { container } = renderScreen(state(1, view, []));
    const squares = [...container.querySelectorAll<HTMLElement>(".fc-field .fc-sq")];
    expect(squares.length).toBe(17);
    for (const sq of squares) {
      const img = sq.querySelector<HTMLImageElement>(".fc-sq-pic img");
      expect(img?.getAttribute("src"), sq.dataset.item).toBe(pictureOf(sq.dataset.item!));
      expect(sq.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
      expect(sq.textContent).toContain(itemName(sq.dataset.item!));
    }
  });
});
