import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lang } from "../i18n";
import { ui } from "../strings/all";
import { resultOrder } from "../components/ScoreTable";
import { Replay, replaySeats, replayState } from "./Replay";
import type { ReplayAt, ReplayList } from "../protocol";

const header = {
  table: "t1",
  game: "ufo",
  players: 3,
  seat: 1,
  lang: "en",
  seats: ["Anna", "ismcts:hard", "random"],
  count: 3,
  result: { score: [5, 9, 5], rank: [2, 1, 2], winners: [1] },
} as const;

describe("replay viewer", () => {
  it("tells people from bots by the game's bot names", () => {
    expect(replaySeats([...header.seats], ["random", "heuristic", "ismcts"]).map((s) => s.kind)).toEqual([
      "person",
      "bot",
      "bot",
    ]);
  });

  it("a step is a state without choices, finished only at the end", () => {
    const list = { ...header, steps: [] } as unknown as ReplayList;
    const at = { ...header, step: 1, view: { x: 1 }, to_act: [2], terminal: false } as unknown as ReplayAt;
    const s = replayState(list, at, replaySeats([...header.seats], ["random", "ismcts"]));
    expect(s.phase).toBe("playing");
    expect(s.choices).toEqual([]);
    expect(s.seat).toBe(1);
    expect(s.to_act).toEqual([2]);
    expect(s.result).toBeUndefined();
    const end = replayState(list, { ...at, step: 2, terminal: true, to_act: [] }, []);
    expect(end.phase).toBe("finished");
    expect(end.result?.winners).toEqual([1]);
  });

  it("orders the result by rank, ties by seat", () => {
    expect(resultOrder(header.result as never)).toEqual([1, 0, 2]);
    expect(resultOrder({ score: [1, 7, 3], winners: [1] })).toEqual([1, 2, 0]);
    // The first guess of the type (scores/ranks) still reads.
    expect(resultOrder({ scores: [4, 2], ranks: [1, 2], winners: [0] })).toEqual([0, 1]);
  });
});

describe("the replay viewer's refusals", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
    lang.value = "en";
  });

  it("the review button tells review/busy in Italian", async () => {
    lang.value = "it";
    localStorage.setItem("meeple.tables", JSON.stringify({ t1: { token: "a", seat: 0 } }));
    const header = {
      table: "t1",
      game: "toy",
      players: 2,
      seat: 0,
      lang: "it",
      seats: ["Ana", "random"],
      count: 1,
      result: { winners: [0], score: [1, 0], rank: [1, 2] },
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url.includes("/review"))
          return new Response(JSON.stringify({ type: "error", code: "review/busy", message: "too many reviews" }), {
            status: 503,
          });
        if (url.includes("step="))
          return new Response(JSON.stringify({ ...header, step: 0, view: {}, to_act: [], terminal: true }));
        return new Response(JSON.stringify({ ...header, steps: [{ actor: null, words: "", events: [] }] }));
      }),
    );
    render(<Replay id="t1" />);
    const button = await screen.findByRole("button", { name: ui.it["review.button"] });
    fireEvent.click(button);
    await waitFor(() => expect(document.body.textContent).toContain(ui.it["refusal.review/busy"]));
  });
});

describe("a link to a seat's review (the profile's)", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("opens as that seat and asks for the review at once; a plain replay link does not", async () => {
    const header = {
      table: "t1",
      game: "toy",
      players: 2,
      seat: 1,
      lang: "en",
      seats: ["Ana", "Ben"],
      count: 1,
      result: { winners: [1], score: [0, 1], rank: [2, 1] },
    };
    const fetch = vi.fn(async (url: string) => {
      if (url.includes("/review"))
        return new Response(JSON.stringify({ type: "error", code: "review/busy", message: "" }), { status: 503 });
      if (url.includes("step="))
        return new Response(JSON.stringify({ ...header, step: 0, view: {}, to_act: [], terminal: true }));
      return new Response(JSON.stringify({ ...header, steps: [{ actor: null, words: "", events: [] }] }));
    });
    vi.stubGlobal("fetch", fetch);
    render(<Replay id="t1" seat={1} review />);
    await waitFor(() => expect(document.body.textContent).toContain(ui.en["refusal.review/busy"]));
    const asked = fetch.mock.calls.map(([u]) => u);
    expect(asked).toContain("/api/tables/t1/review?seat=1&lang=en");
    expect(asked).toContain("/api/tables/t1/replay?seat=1&lang=en");
    cleanup();
    fetch.mockClear();
    render(<Replay id="t1" seat={1} />);
    await screen.findByRole("button", { name: ui.en["review.button"] });
    expect(fetch.mock.calls.some(([u]) => u.includes("/review"))).toBe(false);
  });
});
