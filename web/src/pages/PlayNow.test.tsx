// "Play now": the home page's button per game, the form's request, the seat
// kept in this browser, and the waiting room's line for a play-now table
// (free seats and when the bots join).
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { account } from "../account";
import { credentials, heldSeats } from "../api";
import { fakeServer } from "../fakeserver";
import { FakeSocket, withFakeSockets } from "../fakesocket";
import { lang } from "../i18n";
import { Home } from "./Home";
import { PlayNow } from "./PlayNow";
import { Table } from "./Table";
import { ufoInfo as ufo } from "../testing";

withFakeSockets();

beforeEach(() => {
  localStorage.clear();
  lang.value = "en";
  account.value = null;
  location.hash = "";
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("play now", () => {
  it("home offers it per game; the open tables tell rated and spectators", async () => {
    fakeServer({
      "GET /api/tables?phase=lobby&page=1&limit=10": () => ({ tables: [], total: 0 }),
      "GET /api/tables?phase=playing&page=1&limit=10": () => ({
        total: 1,
        tables: [
          {
            id: "t1",
            game: "ufo",
            title: "Ufo!",
            players: 3,
            phase: "playing",
            free_seats: 0,
            public: true,
            rated: true,
            watching: 2,
          },
        ],
      }),
    });
    render(<Home games={[ufo]} />);
    expect(screen.getByRole("link", { name: "Play now" }).getAttribute("href")).toBe("#/play/ufo");
    await waitFor(() =>
      expect(document.querySelector('[data-table="t1"]')?.textContent).toContain("rated · 2 watching"),
    );
  });

  it("asks for a seat with the chosen count, bot and wait; keeps the seat and opens the table", async () => {
    const server = fakeServer({
      "POST /api/play-now": () => ({ table: "p1", seat: 1, token: "tok", waiting_until: Date.now() + 60_000 }),
    });
    render(<PlayNow game={ufo} />);
    fireEvent.input(screen.getByLabelText("Your name"), { target: { value: "Ana" } });
    fireEvent.change(screen.getByLabelText("Players"), { target: { value: "4" } });
    fireEvent.change(screen.getByLabelText("Bots' strength"), { target: { value: "hard" } });
    const wait = screen.getByLabelText("Wait for people") as HTMLSelectElement;
    expect([...wait.options].map((o) => o.textContent)).toEqual([
      "no wait: bots at once",
      "15 s",
      "30 s",
      "1 min",
      "2 min",
      "5 min",
      "10 min",
    ]);
    fireEvent.change(wait, { target: { value: "60" } });
    fireEvent.click(screen.getByRole("button", { name: "Find a table" }));
    await waitFor(() => expect(location.hash).toBe("#/t/p1"));
    expect(server.sent("POST /api/play-now")).toEqual([
      { game: "ufo", players: 4, name: "Ana", bot: "ismcts:hard", wait_seconds: 60 },
    ]);
    expect(heldSeats(credentials("p1"))).toEqual([{ seat: 1, token: "tok", name: "Ana" }]);
  });

  it("signed in, the account's name is the seat's: no name field", async () => {
    account.value = { name: "Anna K", hidden: false, created: 1 };
    const server = fakeServer({ "POST /api/play-now": () => ({ table: "p2", seat: 0, token: "t", waiting_until: 0 }) });
    render(<PlayNow game={ufo} />);
    expect(screen.queryByLabelText("Your name")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Find a table" }));
    await waitFor(() => expect(location.hash).toBe("#/t/p2"));
    expect((server.sent("POST /api/play-now")[0] as { name: string }).name).toBe("Anna K");
  });

  it("the waiting room of a play-now table tells the free seats and when the bots join", async () => {
    const startsAt = new Date(2030, 0, 1, 18, 40, 5).getTime();
    fakeServer({
      "GET /api/tables/t1": () => ({
        id: "t1",
        game: "toy",
        title: "Toy",
        players: 3,
        phase: "lobby",
        free_seats: 2,
        public: true,
        play_now: true,
        starts_at: startsAt,
      }),
    });
    localStorage.setItem("meeple.tables", JSON.stringify({ t1: { token: "a", seat: 0, name: "Ana" } }));
    lang.value = "it";
    render(<Table id="t1" />);
    const ws = FakeSocket.holding("a");
    act(() => ws.open());
    ws.deliver({
      type: "state",
      protocol: "meeple-protocol/2",
      table: "t1",
      game: "toy",
      phase: "lobby",
      seat: 0,
      version: 0,
      seats: [
        { kind: "person", name: "Ana", taken: true, connected: true },
        { kind: "person", name: "", taken: false, connected: false },
        { kind: "person", name: "", taken: false, connected: false },
      ],
      view: {},
      events: [],
      params: {},
    });
    await waitFor(() =>
      expect(document.querySelector(".play-now-wait")?.textContent).toBe(
        "In attesa di giocatori: 2 posti liberi, i bot entrano alle 18:40:05",
      ),
    );
  });
});
