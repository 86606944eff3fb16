// A game's leaderboard against a stand-in server: places, names linking
// their profiles, rating ± twice its deviation, provisional ratings marked;
// the neighbourhood and friends' views only when signed in; pages.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { account } from "../account";
import { fakeServer } from "../fakeserver";
import { lang } from "../i18n";
import type { BoardRow, GameInfo } from "../protocol";
import { Leaderboard } from "./Leaderboard";

const games = ["ufo", "first-giants"].map((name): GameInfo => ({
  name,
  title: name,
  min_players: 2,
  max_players: 5,
  params: [],
  bots: ["ismcts"],
  default_bot: "ismcts",
}));

const rows = (from: number, n: number): BoardRow[] =>
  Array.from({ length: n }, (_, i) => ({
    place: from + i,
    name: `P${from + i}`,
    rating: 1900 - (from + i),
    rd: from + i === 2 ? 200 : 60,
    games: 12,
    provisional: from + i === 2,
  }));

beforeEach(() => {
  lang.value = "en";
  account.value = null;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("leaderboard page", () => {
  it("lists the top with places, profile links and provisional ratings marked, in pages of 50", async () => {
    const server = fakeServer({
      "GET /api/leaderboards/ufo?view=top&page=1": () => ({ game: "ufo", view: "top", page: 1, rows: rows(1, 50) }),
      "GET /api/leaderboards/ufo?view=top&page=2": () => ({ game: "ufo", view: "top", page: 2, rows: rows(51, 3) }),
    });
    render(<Leaderboard game="ufo" games={games} />);
    await waitFor(() => expect(document.querySelector('tr[data-name="P1"]')).not.toBeNull());
    const second = document.querySelector('tr[data-name="P2"]')!;
    expect([...second.querySelectorAll("th,td")].map((c) => c.textContent)).toEqual([
      "2",
      "P2",
      "1898 ± 400 (provisional)",
      "12",
    ]);
    expect(second.querySelector("a")!.getAttribute("href")).toBe("#/players/P2");
    expect(document.querySelector('tr[data-name="P1"]')!.textContent).not.toContain("provisional");
    // Signed out: the top only.
    expect(screen.queryByRole("tab", { name: "Around me" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(document.querySelector('tr[data-name="P53"]')).not.toBeNull());
    expect(screen.queryByRole("button", { name: "Next page" })).toBeNull();
    expect(server.calls.map((c) => c.path)).toEqual([
      "/api/leaderboards/ufo?view=top&page=1",
      "/api/leaderboards/ufo?view=top&page=2",
    ]);
  });

  it("signed in: the neighbourhood marks the person's row; off the board it says how to get on, in Korean too", async () => {
    account.value = { name: "P7", hidden: false, created: 1 };
    fakeServer({
      "GET /api/leaderboards/ufo?view=top&page=1": () => ({ game: "ufo", view: "top", page: 1, rows: rows(1, 3) }),
      "GET /api/leaderboards/ufo?view=around&page=1": () => ({
        game: "ufo",
        view: "around",
        place: 7,
        rows: rows(1, 17),
      }),
      "GET /api/leaderboards/first-giants?view=top&page=1": () => ({
        game: "first-giants",
        view: "top",
        page: 1,
        rows: [],
      }),
      "GET /api/leaderboards/first-giants?view=friends&page=1": () => ({
        game: "first-giants",
        view: "friends",
        rows: [],
      }),
    });
    render(<Leaderboard game="ufo" games={games} />);
    fireEvent.click(await screen.findByRole("tab", { name: "Around me" }));
    await waitFor(() => expect(document.querySelector('tr[data-name="P17"]')).not.toBeNull());
    expect(document.querySelector('tr[aria-current="true"]')!.getAttribute("data-name")).toBe("P7");
    cleanup();
    lang.value = "ko";
    render(<Leaderboard game="first-giants" games={games} />);
    expect(await screen.findByText("이 게임에는 아직 레이팅이 있는 사람이 없습니다.")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "나와 친구들" }));
    expect(await screen.findByText(/아직 이 순위표에 없습니다/)).toBeTruthy();
  });
});
