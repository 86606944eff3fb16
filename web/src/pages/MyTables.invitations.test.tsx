// My tables, signed in: the account's invitations with join and
// dismiss, and the account's tables from another device shown here.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { account, syncSeats } from "../account";
import { fakeServer } from "../fakeserver";
import { lang } from "../i18n";
import { MyTables } from "./MyTables";
import { shown } from "../testing";

beforeEach(() => {
  localStorage.clear();
  lang.value = "en";
  account.value = { name: "Anna", hidden: false, created: 1 };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  account.value = null;
});

describe("my tables, signed in", () => {
  it("lists invitations: join seats the person and opens the table, dismiss tells the server and drops the line", async () => {
    const server = fakeServer({
      "GET /api/account/invitations": () => ({
        invitations: [
          { table: "t7", game: "ufo", title: "Ufo!", from: "Ben", at: 1 },
          { table: "t9", game: "ufo", title: "Ufo!", from: "Eli", at: 2 },
        ],
      }),
      "POST /api/account/invitations/dismiss": () => ({}),
      "POST /api/account/claim": () => ({ claimed: 0 }),
      "GET /api/account/seats": () => ({ seats: [] }),
      "POST /api/tables/t9/join": () => ({ table: "t9", seat: 2, token: "t9tok", name: "Anna" }),
    });
    render(<MyTables />);
    expect(shown(await screen.findByText("Ben invites you to Ufo! fritti dallo spazio!"))).toBe(true);
    // Join: one step, the seat taken under the account's name and the table opened.
    const nine = document.querySelector('.invitation[data-table="t9"]')!;
    fireEvent.click(nine.querySelector("button.primary")!);
    await waitFor(() => expect(location.hash).toBe("#/t/t9"));
    expect(server.sent("POST /api/tables/t9/join")).toEqual([{ name: "Anna" }]);
    expect(JSON.parse(localStorage.getItem("meeple.tables") ?? "{}").t9.token).toBe("t9tok");
    const line = document.querySelector('.invitation[data-table="t7"]')!;
    fireEvent.click(line.querySelector("button:not(.primary)")!);
    await waitFor(() => expect(document.querySelector('.invitation[data-table="t7"]')).toBeNull());
    expect(server.sent("POST /api/account/invitations/dismiss")).toEqual([{ table: "t9" }, { table: "t7" }]);
  });

  it("an invitation from a guest host (no name) names the host in the interface's language", async () => {
    fakeServer({
      "GET /api/account/invitations": () => ({
        invitations: [{ table: "t8", game: "ufo", title: "Ufo!", from: "", at: 1 }],
      }),
      "POST /api/account/claim": () => ({ claimed: 0 }),
      "GET /api/account/seats": () => ({ seats: [] }),
    });
    lang.value = "it";
    render(<MyTables />);
    expect(shown(await screen.findByText("Chi ha creato il tavolo ti invita a Ufo! fritti dallo spazio!"))).toBe(true);
  });

  it("the account's table from another device appears without a reload", async () => {
    fakeServer({
      "GET /api/account/invitations": () => ({ invitations: [] }),
      "POST /api/account/claim": () => ({ claimed: 0 }),
      "GET /api/account/seats": () => ({ seats: [{ table: "t2", token: "b" }] }),
      "POST /api/my-tables": () => ({
        tables: [
          {
            table: "t2",
            game: "ufo",
            title: "Ufo!",
            phase: "playing",
            players: 2,
            seat: 1,
            host: false,
            seats: ["Ben", "Anna"],
            to_act: [1],
            my_turn: true,
            since: Date.now() - 60_000,
          },
        ],
      }),
    });
    render(<MyTables />);
    await waitFor(() => expect(document.querySelector('[data-table="t2"]')?.getAttribute("data-my-turn")).toBe("true"));
    expect(document.querySelector(".invitations")).toBeNull();
  });

  it("opened while the sign-in's sync is under way, the account's table still appears", async () => {
    // The sign-in's sync has asked my-tables about the keyring's token; the page opens meanwhile.
    let releaseMine!: () => void;
    let releaseSeats!: () => void;
    const mine = new Promise<void>((r) => (releaseMine = r));
    const laterSeats = new Promise<void>((r) => (releaseSeats = r));
    let seatsAsked = 0;
    let myTablesAsked = 0;
    const server = fakeServer({
      "GET /api/account/invitations": () => ({ invitations: [] }),
      "POST /api/account/claim": () => ({ claimed: 0 }),
      "GET /api/account/seats": async () => {
        if (++seatsAsked > 1) await laterSeats;
        return { seats: [{ table: "t2", token: "b" }] };
      },
      "POST /api/my-tables": async () => {
        if (++myTablesAsked === 1) await mine;
        return {
          tables: [
            {
              table: "t2",
              game: "ufo",
              title: "Ufo!",
              phase: "lobby",
              players: 2,
              seat: 1,
              host: false,
              seats: ["Ben", "Anna"],
              to_act: [],
              my_turn: false,
              since: null,
            },
          ],
        };
      },
    });
    const signInSync = syncSeats();
    await waitFor(() => expect(server.sent("POST /api/my-tables")).toHaveLength(1));
    render(<MyTables />);
    expect(shown(await screen.findByText("This browser holds no seat at any table yet."))).toBe(true);
    releaseMine();
    await signInSync;
    releaseSeats();
    await waitFor(() => expect(document.querySelector('[data-table="t2"]')).toBeTruthy());
  });
});
