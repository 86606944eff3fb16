// The "my tables" page against a mocked POST /api/my-tables: whose turn and
// for how long, the clock, finished games with their result, and the tab's
// title counting the turns.
import { cleanup, render, screen, waitFor } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { rememberSeat } from "../api";
import { lang } from "../i18n";
import { MyTables } from "./MyTables";
import { shown } from "../testing";

const H = 3600_000;

beforeEach(() => {
  localStorage.clear();
  lang.value = "en";
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("my tables page", () => {
  it("asks with the stored tokens and tells each table's turn, clock and result", async () => {
    rememberSeat("t1", { seat: 0, token: "a", name: "Anna" });
    rememberSeat("t2", { seat: 0, token: "b", name: "Anna" });
    rememberSeat("t3", { seat: 1, token: "c", name: "Anna" });
    const now = Date.now();
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { seats: { table: string; token: string }[] };
      expect(body.seats).toEqual([
        { table: "t1", token: "a" },
        { table: "t2", token: "b" },
        { table: "t3", token: "c" },
      ]);
      const common = { game: "ufo", title: "Ufo!", players: 2, host: false, turn_based: true };
      return new Response(
        JSON.stringify({
          tables: [
            {
              table: "t1",
              ...common,
              phase: "playing",
              seat: 0,
              seats: ["Anna", "Ben"],
              to_act: [1],
              my_turn: false,
              since: now - 50 * H,
            },
            {
              table: "t2",
              ...common,
              phase: "playing",
              seat: 0,
              seats: ["Anna", "heuristic"],
              to_act: [0],
              my_turn: true,
              since: now - 3 * H - 1000,
              deadline: now + 21 * H - 60_000,
            },
            {
              table: "t3",
              ...common,
              phase: "finished",
              seat: 1,
              seats: ["Ben", "Anna"],
              to_act: [],
              my_turn: false,
              since: null,
              result: { winners: [1], score: [2, 5] },
            },
          ],
        }),
        { status: 200 },
      );
    });
    vi.stubGlobal("fetch", fetch);
    render(
      <MyTables
        games={[
          {
            name: "ufo",
            title: "Ufo!",
            min_players: 2,
            max_players: 5,
            params: [],
            bots: ["heuristic"],
            default_bot: "heuristic",
          },
        ]}
      />,
    );
    expect(shown(await screen.findByText("Your turn for 3 h"))).toBe(true);
    expect(shown(screen.getByText("Ben's turn for 2 days"))).toBe(true);
    const mine = document.querySelector('[data-table="t2"]')!;
    expect(mine.getAttribute("data-my-turn")).toBe("true");
    expect(mine.textContent).toContain("Clock runs out in 20 h");
    // A bot's spec is named as a bot.
    expect(mine.textContent).toContain("Bot 2");
    expect(mine.textContent).not.toContain("heuristic");
    const done = document.querySelector('[data-table="t3"]')!;
    expect(done.textContent).toContain("Winner: Anna");
    expect(done.querySelector('a[href="#/replay/t3"]')).toBeTruthy();
    expect(done.querySelector('a[href="/api/tables/t3/record"]')).toBeTruthy();
    // My turn first; the tab counts it.
    const order = [...document.querySelectorAll(".my-table")].map((e) => e.getAttribute("data-table"));
    expect(order).toEqual(["t2", "t1", "t3"]);
    await waitFor(() => expect(document.title).toBe("(1) My tables — meeple"));
    expect(document.querySelector("link[rel~='icon']")?.getAttribute("data-turn")).toBe("true");
  });

  it("with no stored seat asks nothing and says so", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    render(<MyTables />);
    expect(shown(await screen.findByText("This browser holds no seat at any table yet."))).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
    await waitFor(() => expect(document.title).toBe("My tables — meeple"));
  });
});
