// The tournament pages against a stand-in server: the list and the form
// that makes one (signed in only), one tournament's standings with points
// as people write them, each round's tables linking to them and its byes,
// join and leave before the start, an invitation by name, refusals in
// words, Italian and Korean words.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { account } from "../account";
import { fakeServer, refused } from "../fakeserver";
import { lang } from "../i18n";
import { joinInvitation } from "../invitations";
import type { GameInfo, Tournament } from "../protocol";
import { pointsText, Tournaments } from "./Tournament";

const games = ["ufo", "first-giants"].map((name): GameInfo => ({
  name,
  title: name,
  min_players: 2,
  max_players: 5,
  params: [],
  bots: ["ismcts"],
  default_bot: "ismcts",
}));

const base: Tournament = {
  id: "u1",
  name: "Friday cup",
  game: "ufo",
  kind: "swiss",
  rounds: 3,
  table_size: 2,
  turn_based: false,
  phase: "open",
  starts: 1795000000000,
  host_name: "Anna",
  entrants: [{ name: "Anna" }, { name: "Ben" }],
  played: [],
  standings: [],
};

const playing: Tournament = {
  ...base,
  phase: "playing",
  entrants: [{ name: "Anna" }, { name: "Ben" }, { name: "Carla" }],
  played: [
    {
      tables: [{ table: "t7", seats: ["Anna", "Ben"], ranks: [1, 0] }],
      byes: ["Carla"],
    },
    { tables: [{ table: "t9", seats: ["Carla", "Ben"], ranks: null }], byes: ["Anna"] },
  ],
  standings: [
    { place: 1, name: "Ben", points: 1, buchholz: 1, tables: 1, byes: 0 },
    { place: 2, name: "Carla", points: 1, buchholz: 0, tables: 0, byes: 1 },
    { place: 3, name: "Anna", points: 1, buchholz: 1, tables: 1, byes: 1 },
  ],
};

beforeEach(() => {
  lang.value = "en";
  account.value = null;
  location.hash = "";
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("tournament pages", () => {
  it("writes points as people do", () => {
    expect(pointsText(2.5)).toBe("2½");
    expect(pointsText(0.5)).toBe("½");
    expect(pointsText(3)).toBe("3");
    expect(pointsText(2 / 3)).toBe("0.67");
  });

  it("lists tournaments; signed out there is no form, signed in the form makes one and opens it", async () => {
    const server = fakeServer({
      "GET /api/tournaments": () => ({
        tournaments: [{ ...base, round: 0, entrants: 2 }],
      }),
      "POST /api/tournaments": () => ({ ...base, id: "u2" }),
    });
    render(<Tournaments games={games} />);
    const link = await screen.findByRole("link", { name: "Friday cup" });
    expect(link.getAttribute("href")).toBe("#/tournaments/u1");
    expect(document.querySelector('li[data-id="u1"]')!.textContent).toContain("2 entrants");
    expect(screen.queryByRole("button", { name: "Create" })).toBeNull();
    cleanup();
    account.value = { name: "Anna", hidden: false, created: 1 };
    render(<Tournaments games={games} />);
    fireEvent.input(await screen.findByLabelText("Name"), { target: { value: "Autumn" } });
    fireEvent.change(screen.getByLabelText("Players per table"), { target: { value: "3" } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    await waitFor(() => expect(location.hash).toBe("#/tournaments/u2"));
    const [sent] = server.sent("POST /api/tournaments") as Record<string, unknown>[];
    expect(sent).toMatchObject({
      name: "Autumn",
      game: "ufo",
      kind: "swiss",
      rounds: 3,
      table_size: 3,
      turn_based: false,
    });
    expect(typeof sent.starts).toBe("number");
  });

  it("shows standings, each round's tables linked with their results, and the byes", async () => {
    fakeServer({ "GET /api/tournaments/u1": () => playing });
    render(<Tournaments id="u1" games={games} />);
    await waitFor(() => expect(document.querySelector('tr[data-name="Ben"]')).not.toBeNull());
    const rows = [...document.querySelectorAll("table.standings tbody tr")].map((r) =>
      [...r.querySelectorAll("th,td")].map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ["1", "Ben", "1", "1"],
      ["2", "Carla", "1", "0"],
      ["3", "Anna", "1", "1"],
    ]);
    expect(document.querySelector("main.tournament > p:nth-of-type(2)")!.textContent).toContain("Round 2 of 3");
    const first = document.querySelector('li[data-table="t7"]')!;
    expect(first.querySelector("a")!.getAttribute("href")).toBe("#/t/t7");
    expect(first.textContent).toContain("Anna – Ben");
    expect(first.textContent).toContain("Ben won");
    expect(document.querySelector('li[data-table="t9"]')!.textContent).toContain("playing");
    expect(document.querySelector('section[data-round="1"] p')!.textContent).toBe("Bye: Carla");
    // Started: no join, no invitation.
    expect(screen.queryByRole("button", { name: "Join" })).toBeNull();
  });

  it("before the start: join, leave, invite by name, and a refusal in words", async () => {
    account.value = { name: "Carla", hidden: false, created: 1 };
    const server = fakeServer({
      "GET /api/tournaments/u1": () => base,
      "POST /api/tournaments/u1/join": () => ({ ...base, entrants: [...base.entrants, { name: "Carla" }] }),
      "POST /api/tournaments/u1/leave": () => refused(409, "tournament/started"),
      "POST /api/tournaments/u1/invite": () => ({}),
    });
    render(<Tournaments id="u1" games={games} />);
    fireEvent.click(await screen.findByRole("button", { name: "Join" }));
    fireEvent.click(await screen.findByRole("button", { name: "Leave" }));
    expect(await screen.findByText("The tournament has started: entrants can no longer join or leave.")).toBeTruthy();
    fireEvent.input(screen.getByLabelText("Invite a player by name"), { target: { value: "Dan" } });
    fireEvent.click(screen.getByRole("button", { name: "Invite" }));
    expect(await screen.findByText("Invitation sent to Dan.")).toBeTruthy();
    expect(server.sent("POST /api/tournaments/u1/invite")).toEqual([{ name: "Dan" }]);
  });

  it("an invitation to a tournament joins it and opens its page", async () => {
    account.value = { name: "Dan", hidden: false, created: 1 };
    const server = fakeServer({ "POST /api/tournaments/u1/join": () => base });
    await joinInvitation({ table: "tournament:u1", game: "ufo", title: "Friday cup", from: "Anna", at: 1 });
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/tournaments/u1/join"]);
    expect(location.hash).toBe("#/tournaments/u1");
  });

  it("speaks Italian and Korean", async () => {
    fakeServer({ "GET /api/tournaments/u1": () => playing });
    lang.value = "it";
    render(<Tournaments id="u1" games={games} />);
    expect(await screen.findByText("Classifica")).toBeTruthy();
    expect(document.querySelector("main.tournament > p:nth-of-type(2)")!.textContent).toContain("Turno 2 di 3");
    cleanup();
    lang.value = "ko";
    render(<Tournaments id="u1" games={games} />);
    expect(await screen.findByText("현재 순위")).toBeTruthy();
    expect(document.querySelector('section[data-round="1"] p')!.textContent).toBe("부전승: Carla");
  });
});
