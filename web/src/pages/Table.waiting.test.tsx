// The waiting room says what happens next: a table that starts by itself
// once every seat is taken says so (to the host and to the others); with
// every seat taken at a table the host starts, the host is told it is theirs
// to start; a play-now table (no host) has no host's words and no invitation
// by name.
import { cleanup, render, screen, waitFor } from "@testing-library/preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { account } from "../account";
import { fakeServer } from "../fakeserver";
import { FakeSocket, withFakeSockets } from "../fakesocket";
import { lang } from "../i18n";
import { Table } from "./Table";
import { shown } from "../testing";

withFakeSockets();

const summary = { id: "t1", game: "toy", title: "Toy", players: 2, phase: "lobby", public: false };

function lobby(seat: number, secondTaken: boolean) {
  return {
    type: "state",
    protocol: "meeple-protocol/2",
    table: "t1",
    game: "toy",
    phase: "lobby",
    seat,
    version: 0,
    seats: [
      { kind: "person", name: "Ana", taken: true, connected: true },
      { kind: "person", name: secondTaken ? "Eli" : "", taken: secondTaken, connected: secondTaken },
    ],
    view: {},
    events: [],
    params: {},
  };
}

function open(creds: object, seat: number, secondTaken: boolean, more: object) {
  fakeServer({ "GET /api/tables/t1": () => ({ ...summary, free_seats: secondTaken ? 0 : 1, ...more }) });
  localStorage.setItem("meeple.tables", JSON.stringify({ t1: creds }));
  render(<Table id="t1" />);
  const ws = FakeSocket.holding((creds as { token?: string }).token ?? null);
  act(() => ws.open());
  ws.deliver(lobby(seat, secondTaken));
}

const hint = () => document.querySelector(".waiting .start-hint")?.textContent;

beforeEach(() => {
  localStorage.clear();
  lang.value = "en";
  account.value = null;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the waiting room says what happens next", () => {
  it("the host of a table that starts by itself: by itself once full, or now with bots", async () => {
    open({ token: "a", seat: 0, name: "Ana", host_token: "h" }, 0, false, { auto_start: true });
    await waitFor(() =>
      expect(hint()).toBe(
        "The game starts by itself once every seat is taken; start it now and bots play the free seats.",
      ),
    );
  });

  it("the host of a full table that waits for them is told to start it", async () => {
    open({ token: "a", seat: 0, name: "Ana", host_token: "h" }, 0, true, { auto_start: false });
    await waitFor(() => expect(hint()).toBe("Every seat is taken: the game starts when you press “Start the game”."));
  });

  it("a rated table's host: it starts once every seat is taken", async () => {
    open({ token: "a", seat: 0, name: "Ana", host_token: "h" }, 0, false, { auto_start: true, rated: true });
    await waitFor(() => expect(hint()).toBe("The game starts once every seat is taken."));
  });

  it("a seated person who is not the host reads how the game starts, with no host where there is none", async () => {
    open({ token: "b", seat: 1, name: "Eli" }, 1, true, { auto_start: false });
    expect(shown(await screen.findByText("The host starts the game."))).toBe(true);
    expect(hint()).toBe("You have seat 2.");
    cleanup();
    open({ token: "b", seat: 1, name: "Eli" }, 1, false, { auto_start: true });
    expect(shown(await screen.findByText("The game starts once every seat is taken."))).toBe(true);
  });

  it("a play-now table: no host's words, no invitation by name", async () => {
    account.value = { name: "Ana", hidden: false, created: 1 };
    open({ token: "a", seat: 0, name: "Ana" }, 0, false, {
      auto_start: true,
      play_now: true,
      starts_at: Date.now() + 60_000,
    });
    await waitFor(() => expect(document.querySelector(".play-now-wait")).toBeTruthy());
    const text = document.querySelector(".waiting")?.textContent ?? "";
    expect(text).not.toMatch(/host/i);
    expect(screen.queryByLabelText("Invite by name")).toBeNull();
  });
});
