// A player's profile against a stand-in server: per game the games played,
// the wins, the average score, the best and current streaks and the rating
// with its uncertainty; finished games with their replay one click away;
// hidden and unknown players said so.
import { cleanup, render, screen, waitFor } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { account } from "../account";
import { fakeServer, refused } from "../fakeserver";
import { lang } from "../i18n";
import type { GameInfo, Profile as ProfileData } from "../protocol";
import { Profile } from "./Profile";
import { shown } from "../testing";

const games = ["first-contact", "first-giants", "ufo"].map((name): GameInfo => ({
  name,
  title: name,
  min_players: 2,
  max_players: 5,
  params: [],
  bots: ["ismcts", "heuristic"],
  default_bot: "ismcts",
}));

const anna: ProfileData = {
  name: "Anna",
  created: Date.UTC(2026, 0, 15),
  games: {
    ufo: {
      played: 7,
      wins: 3,
      average_score: 6.4,
      longest_streak: 2,
      streak: 1,
      rating: { rating: 1620.4, rd: 80.2, volatility: 0.06, games: 5 },
    },
    "first-contact": { played: 1, wins: 0, average_score: 0, longest_streak: 0, streak: 0, rating: null },
  },
  finished: [
    {
      table: "t9",
      game: "ufo",
      title: "Ufo!",
      players: 3,
      seat: 1,
      seats: ["Ben", "Anna", "ismcts:hard"],
      result: { winners: [1], score: [3, 8, 5] },
      won: true,
      ended: Date.UTC(2026, 10, 20, 18, 30),
      rated: true,
    },
    {
      table: "t8",
      game: "first-contact",
      title: "First Contact",
      players: 2,
      seat: 0,
      seats: ["Anna", "a former player"],
      result: { winners: [1], score: [0, 1] },
      won: false,
      ended: Date.UTC(2026, 10, 19, 18, 30),
      rated: false,
    },
  ],
};

beforeEach(() => {
  lang.value = "en";
  account.value = null;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("profile page", () => {
  it("shows played, wins and rating ± twice its deviation per game; each finished game links its replay", async () => {
    const server = fakeServer({ "GET /api/players/Anna": () => anna });
    render(<Profile name="Anna" games={games} />);
    await waitFor(() => expect(shown(screen.getByRole("heading", { name: "Anna" }))).toBe(true));
    const ufo = document.querySelector('tr[data-game="ufo"]')!;
    expect([...ufo.querySelectorAll("th,td")].map((c) => c.textContent)).toEqual([
      "Ufo! fritti dallo spazio!",
      "7",
      "3",
      "6.4",
      "2 (1 now)",
      "1620 ± 160",
    ]);
    const fc = document.querySelector('tr[data-game="first-contact"]')!;
    expect(fc.textContent).toContain("not rated yet");
    // In the games' own order.
    expect([...document.querySelectorAll("tr[data-game]")].map((r) => r.getAttribute("data-game"))).toEqual([
      "first-contact",
      "ufo",
    ]);
    const won = document.querySelector('[data-table="t9"]')!;
    expect(won.textContent).toContain("won");
    expect(won.textContent).toContain("rated");
    expect(won.textContent).toContain("Ben, Bot 3");
    // The replay as this seat saw it, and the bot's review of it, one click each.
    expect([...won.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Replay", "#/replay/t9/1"],
      ["Bot's review", "#/replay/t9/1/review"],
    ]);
    expect(document.querySelector('[data-table="t8"]')!.textContent).toContain("lost");
    expect(document.querySelector('[data-table="t8"]')!.textContent).toContain("a former player");
    // A deleted account's seat, in the interface's language.
    lang.value = "it";
    await waitFor(() => expect(document.querySelector('[data-table="t8"]')!.textContent).toContain("un ex giocatore"));
    lang.value = "en";
    // Not the signed-in person's own: no settings link.
    expect(screen.queryByRole("link", { name: "Account settings" })).toBeNull();
    expect(server.calls[0].path).toBe("/api/players/Anna");
  });

  it("the person's own profile links the account settings; a Korean name is asked for encoded", async () => {
    account.value = { name: "김민수", hidden: true, created: 1 };
    const server = fakeServer({
      "GET /api/players/%EA%B9%80%EB%AF%BC%EC%88%98": () => ({ ...anna, name: "김민수", finished: [] }),
    });
    lang.value = "ko";
    render(<Profile name="김민수" games={games} />);
    expect((await screen.findByRole("link", { name: "계정 설정" })).getAttribute("href")).toBe("#/account");
    expect(shown(screen.getByText("아직 끝난 게임이 없습니다."))).toBe(true);
    expect(server.calls).toHaveLength(1);
  });

  it("a hidden profile and an unknown name, which the server answers alike, are told plainly in one sentence", async () => {
    fakeServer({ "GET /api/players/Zed": () => refused(404, "account/unknown") });
    render(<Profile name="Zed" games={games} />);
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(
        "No profile to show for Zed: nobody plays here under that name, or they keep it hidden.",
      ),
    );
    cleanup();
    lang.value = "it";
    render(<Profile name="Zed" games={games} />);
    await waitFor(() => expect(screen.getByRole("status").textContent).toContain("Nessun profilo da mostrare per Zed"));
  });
});
