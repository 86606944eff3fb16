// "Learn to play": the guide's panel (text, what the person did instead, the
// step, the rule link), the suggested choice highlighted in the list and on
// the board, nothing of it without a guide, and the button that makes and
// joins the guided table.
import { fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { useRef } from "preact/hooks";
import { act } from "preact/test-utils";
import { describe, expect, it, vi } from "vitest";
import { credentials } from "./api";
import { ChoiceList } from "./components/ChoiceList";
import { GuidePanel, SUGGESTED_CLASS, jsonEqual, suggestedChoice, useBoardHighlight } from "./components/GuidePanel";
import { lang } from "./i18n";
import { plainSeatName } from "./components/SeatList";
import { LearnButton } from "./learn";
import { Table } from "./pages/Table";
import type { Choice, Guide } from "./protocol";
import { FakeSocket, withFakeSockets } from "./fakesocket";

const choices: Choice[] = [
  { action: 3, json: { site: 0, take: "left" }, words: "dig at site 1, take the left card" },
  { action: 7, json: { take: "right", site: 1 }, words: "dig at site 2, take the right card" },
  { action: 9, json: { reclaim: true }, words: "reclaim your pawns" },
];

const guide = (more: Partial<Guide> = {}): Guide => ({
  step: 2,
  steps: 11,
  part: 0,
  parts: 1,
  on_script: true,
  text: "Dig: put a pawn on a dig site and take one of its cards.",
  rules: "your-turn",
  suggestion: { site: 1, take: "right" },
  instead: "",
  ...more,
});

function state(more: object = {}) {
  return {
    type: "state",
    protocol: "meeple-protocol/2",
    table: "t1",
    game: "toy",
    phase: "playing",
    seat: 0,
    version: 5,
    to_act: [0],
    seats: [
      { kind: "person", name: "Ana", stand_in: false, connected: true },
      { kind: "bot", name: "heuristic", stand_in: false, connected: true },
    ],
    view: {},
    events: [],
    choices,
    table_options: { undo: true, clock_seconds: 0, turn_based: false, on_timeout: "bot", guide: true },
    ...more,
  };
}

withFakeSockets();

describe("the suggestion among the choices", () => {
  it("compares JSON forms deeply, keys in any order", () => {
    expect(jsonEqual({ a: [1, { b: null }], c: "x" }, { c: "x", a: [1, { b: null }] })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual(3, 3)).toBe(true);
  });

  it("finds the choice whose json is the suggestion; none without a suggestion or a guide", () => {
    expect(suggestedChoice(choices, guide())?.action).toBe(7);
    expect(suggestedChoice(choices, guide({ suggestion: null }))).toBeNull();
    expect(suggestedChoice(choices, guide({ suggestion: { site: 4 } }))).toBeNull();
    expect(suggestedChoice(choices, undefined)).toBeNull();
  });
});

describe("the guide's panel", () => {
  it("shows the text, the step, the rule link and the suggestion", () => {
    render(<GuidePanel guide={guide()} game="first-giants" mustAct suggested={choices[1]} />);
    const panel = document.querySelector(".guide-panel")!;
    expect(panel.textContent).toContain("Dig: put a pawn on a dig site");
    expect(panel.textContent).toContain("Step 3 of 11");
    const link = screen.getByRole("link", { name: /Read this rule/ });
    expect(link.getAttribute("href")).toBe("#/rules/first-giants/your-turn");
    expect(panel.querySelector(".guide-suggestion")?.textContent).toContain("dig at site 2, take the right card");
    expect(panel.querySelector(".guide-instead")).toBeNull();
  });

  it("shows what the person did instead, apart from the text", () => {
    render(
      <GuidePanel
        guide={guide({ instead: "You reclaimed your pawns: the bot digs next.", suggestion: null, on_script: false })}
        game="ufo"
        mustAct
        suggested={null}
      />,
    );
    const instead = document.querySelector(".guide-instead")!;
    expect(instead.textContent).toContain("What you did instead");
    expect(instead.textContent).toContain("You reclaimed your pawns");
    expect(document.querySelector(".guide-text")?.textContent).toContain("Dig:");
    expect(document.querySelector(".guide-suggestion")).toBeNull();
  });

  it("has no rule link without a section, and says to watch while the others play", () => {
    render(<GuidePanel guide={guide({ text: "", rules: "" })} game="ufo" mustAct={false} suggested={null} />);
    expect(screen.queryByRole("link")).toBeNull();
    expect(document.querySelector(".guide-text")?.textContent).toContain("The others are playing");
  });

  it("says when the guided part is over", () => {
    render(
      <GuidePanel
        guide={guide({ step: 11, text: "That was the guided part.", suggestion: null })}
        game="ufo"
        mustAct
        suggested={null}
      />,
    );
    const panel = document.querySelector(".guide-panel")!;
    expect(panel.getAttribute("data-over")).toBe("true");
    expect(panel.textContent).toContain("Guided part over");
    expect(panel.textContent).toContain("That was the guided part.");
  });

  it("follows the language", () => {
    lang.value = "it";
    render(<GuidePanel guide={guide()} game="ufo" mustAct suggested={choices[1]} />);
    expect(document.querySelector(".guide-step")?.textContent).toBe("Passo 3 di 11");
    expect(screen.getByRole("link").textContent).toContain("Leggi questa regola");
  });
});

describe("the choice list", () => {
  it("highlights the suggested choice only, and every choice may still be played", () => {
    const sent: unknown[] = [];
    render(<ChoiceList choices={choices} act={(a) => sent.push(a)} suggested={7} />);
    const marked = document.querySelectorAll(".choices li.suggested button[data-suggested]");
    expect(marked.length).toBe(1);
    expect(marked[0].getAttribute("data-action")).toBe("7");
    expect(marked[0].textContent).toContain("suggested");
    fireEvent.click(screen.getByText("reclaim your pawns"));
    expect(sent).toEqual([9]);
  });

  it("highlights nothing without a suggestion", () => {
    render(<ChoiceList choices={choices} act={() => {}} />);
    expect(document.querySelectorAll(".choices .suggested").length).toBe(0);
  });
});

describe("the board's highlight", () => {
  function Board({ suggested, extra }: { suggested: Choice | null; extra?: boolean }) {
    const ref = useRef<HTMLDivElement>(null);
    useBoardHighlight(ref, suggested);
    return (
      <div ref={ref}>
        <button data-action="3">a</button>
        <button data-action="7" class="piece">
          b
        </button>
        <button data-json={JSON.stringify(choices[1].json)}>c</button>
        {extra && <button data-action="9">d</button>}
        <span data-actions="1 7 12">e</span>
      </div>
    );
  }

  it("marks the elements carrying the suggested action (alone or among others) or its JSON form, and unmarks them after", async () => {
    const { rerender } = render(<Board suggested={choices[1]} />);
    const marked = () => [...document.querySelectorAll(`.${SUGGESTED_CLASS}`)].map((e) => e.textContent);
    expect(marked()).toEqual(["b", "c", "e"]);
    rerender(<Board suggested={choices[2]} extra />);
    await waitFor(() => expect(marked()).toEqual(["d"]));
    rerender(<Board suggested={null} />);
    expect(marked()).toEqual([]);
  });
});

describe("the table page with a guide", () => {
  it("shows the panel and highlights the suggestion; any choice is sent", () => {
    localStorage.setItem("meeple.tables", JSON.stringify({ t1: { token: "a", seat: 0, name: "Ana" } }));
    render(<Table id="t1" />);
    const ws = FakeSocket.all[0];
    act(() => ws.open());
    ws.deliver(state({ guide: guide() }));
    expect(document.querySelector(".play-body.guided .guide-panel")).not.toBeNull();
    expect(document.querySelector(".guide-text")?.textContent).toContain("Dig:");
    const marked = document.querySelectorAll(".side .choices button[data-suggested]");
    expect(marked.length).toBe(1);
    expect(marked[0].getAttribute("data-action")).toBe("7");
    fireEvent.click(screen.getByText("reclaim your pawns"));
    expect(ws.last()).toEqual({ type: "act", version: 5, action: 9 });
    ws.deliver(
      state({
        version: 8,
        guide: guide({ step: 3, instead: "You reclaimed: the bot played.", suggestion: null, on_script: false }),
      }),
    );
    expect(document.querySelector(".guide-instead")?.textContent).toContain("You reclaimed");
    expect(document.querySelectorAll(".side .choices button[data-suggested]").length).toBe(0);
  });

  it("names the seats in its words and in the choices by the players' names, as the event log does", () => {
    localStorage.setItem("meeple.tables", JSON.stringify({ t1: { token: "a", seat: 0, name: "Ana" } }));
    render(<Table id="t1" />);
    const ws = FakeSocket.all[0];
    act(() => ws.open());
    const text = "Watch seat 1: it digs before you.";
    ws.deliver(
      state({
        game: "first-giants",
        choices: [{ action: 4, json: { back: 1 }, words: "back seat 1" }],
        guide: guide({ text, instead: "Then seat 1 dug.", on_script: false, suggestion: { back: 1 } }),
      }),
    );
    const bot = plainSeatName(state().seats, 1);
    expect(document.querySelector(".guide-text")?.textContent).toBe(`Watch ${bot}: it digs before you.`);
    expect(document.querySelector(".guide-instead p")?.textContent).toBe(`Then ${bot} dug.`);
    expect(document.querySelector(".guide-suggestion")?.textContent).toContain(`back ${bot}`);
    expect(document.querySelector(".side .choices button[data-action='4']")?.textContent).toContain(`back ${bot}`);
  });

  it("shows nothing of a guide when the state has none", () => {
    localStorage.setItem("meeple.tables", JSON.stringify({ t1: { token: "a", seat: 0, name: "Ana" } }));
    render(<Table id="t1" />);
    const ws = FakeSocket.all[0];
    act(() => ws.open());
    ws.deliver(state({ table_options: undefined }));
    expect(screen.getByText("reclaim your pawns")).toBeTruthy();
    expect(document.querySelector(".guide-panel")).toBeNull();
    expect(document.querySelector(".play-body.guided")).toBeNull();
    expect(document.querySelectorAll(".suggested, [data-suggested]").length).toBe(0);
  });
});

describe("the Learn to play button", () => {
  /** Answers POST /api/tables and .../join as the server would; returns what was sent. */
  function stubServer() {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: { body?: string }) => {
        calls.push({ url, body: init.body ? JSON.parse(init.body) : undefined });
        const answer = url.endsWith("/join")
          ? { table: "g1", seat: 1, token: "tok" }
          : {
              id: "g1",
              game: "ufo",
              title: "Ufo!",
              players: 2,
              phase: "lobby",
              free_seats: 1,
              public: false,
              host_token: "host",
            };
        return new Response(JSON.stringify(answer), { status: url.endsWith("/join") ? 200 : 201 });
      }),
    );
    return calls;
  }

  it("makes the guided table, joins its person's seat, keeps the tokens and opens the table", async () => {
    const calls = stubServer();
    localStorage.setItem("meeple.name", "Bea");
    location.hash = "#/";
    render(<LearnButton game="ufo" />);
    fireEvent.click(screen.getByRole("button", { name: /Learn to play/ }));
    await waitFor(() => expect(location.hash).toBe("#/t/g1"));
    expect(calls[0]).toEqual({
      url: "/api/tables",
      body: { game: "ufo", guide: true, guide_part: 0, languages: ["en", "it", "ko"] },
    });
    expect(calls[1]).toEqual({ url: "/api/tables/g1/join", body: { name: "Bea" } });
    expect(credentials("g1")).toMatchObject({ token: "tok", seat: 1, host_token: "host", name: "Bea" });
  });

  it("goes on to the guide's next part when a part is over, and not after the last", async () => {
    const calls = stubServer();
    location.hash = "#/";
    const over = { step: 15, steps: 15, parts: 2, text: "", suggestion: null };
    const { unmount } = render(
      <GuidePanel guide={guide({ ...over, part: 1 })} game="first-contact" mustAct={false} suggested={null} />,
    );
    expect(document.querySelector(".guide-part")?.textContent).toBe("Part 2 of 2");
    expect(screen.queryByRole("button", { name: /part/ })).toBeNull();
    unmount();
    render(<GuidePanel guide={guide({ ...over, part: 0 })} game="first-contact" mustAct={false} suggested={null} />);
    fireEvent.click(screen.getByRole("button", { name: "Go on: part 2 of 2" }));
    await waitFor(() => expect(location.hash).toBe("#/t/g1"));
    expect(calls[0].body).toMatchObject({ game: "first-contact", guide: true, guide_part: 1 });
  });
});
