// The waiting room and accounts: a browser holding a token of
// the table invites a friend or any name with it; a rated table says who
// may sit; signed in, a seat is taken under the account's name.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { account } from "../account";
import { fakeServer, refused } from "../fakeserver";
import { FakeSocket, withFakeSockets } from "../fakesocket";
import { lang } from "../i18n";
import { Table } from "./Table";
import { shown } from "../testing";

withFakeSockets();

const summary = { id: "t1", game: "toy", title: "Toy", players: 2, phase: "lobby", free_seats: 1, public: false };

function lobby(seat: number) {
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
      { kind: "person", name: "", taken: false, connected: false },
    ],
    view: {},
    events: [],
    params: {},
  };
}

beforeEach(() => {
  localStorage.clear();
  lang.value = "en";
  account.value = null;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("inviting by name", () => {
  it("a guest is asked to sign in: an invitation names the account that sends it", async () => {
    fakeServer({ "GET /api/tables/t1": () => summary });
    localStorage.setItem("meeple.tables", JSON.stringify({ t1: { token: "a", seat: 0, name: "Ana" } }));
    render(<Table id="t1" />);
    const ws = FakeSocket.holding("a");
    act(() => ws.open());
    ws.deliver(lobby(0));
    const link = await screen.findByRole("link", { name: "Sign in to invite someone by their name." });
    expect(link.getAttribute("href")).toBe("#/account");
    expect(screen.queryByLabelText("Invite by name")).toBeNull();
  });

  it("sends the name with this browser's seat token; an unknown name is refused", async () => {
    account.value = { name: "Ana", hidden: false, created: 1 };
    const server = fakeServer({
      "GET /api/account/friends": () => ({ friends: [] }),
      "GET /api/tables/t1": () => summary,
      "POST /api/tables/t1/invite": (b) =>
        (b as { name: string }).name === "Ben" ? {} : refused(404, "account/unknown"),
    });
    localStorage.setItem("meeple.tables", JSON.stringify({ t1: { token: "a", seat: 0, name: "Ana" } }));
    render(<Table id="t1" />);
    const ws = FakeSocket.holding("a");
    act(() => ws.open());
    ws.deliver(lobby(0));
    fireEvent.input(screen.getByLabelText("Invite by name"), { target: { value: "Zed" } });
    fireEvent.click(screen.getByRole("button", { name: "Invite" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Nobody has an account with that name."));
    fireEvent.input(screen.getByLabelText("Invite by name"), { target: { value: "Ben " } });
    fireEvent.click(screen.getByRole("button", { name: "Invite" }));
    expect(shown(await screen.findByText("Ben is invited: they see it in My tables."))).toBe(true);
    expect(server.sent("POST /api/tables/t1/invite")).toEqual([
      { name: "Zed", token: "a" },
      { name: "Ben", token: "a" },
    ]);
  });

  it("signed in: friends are offered with one button each", async () => {
    account.value = { name: "Ana", hidden: false, created: 1 };
    const server = fakeServer({
      "GET /api/tables/t1": () => summary,
      "GET /api/account/friends": () => ({ friends: [{ name: "Cleo", online: true }] }),
      "POST /api/tables/t1/invite": () => ({}),
    });
    localStorage.setItem("meeple.tables", JSON.stringify({ t1: { host_token: "h" } }));
    render(<Table id="t1" />);
    const ws = FakeSocket.holding(null);
    act(() => ws.open());
    ws.deliver(lobby(-1));
    fireEvent.click(await screen.findByRole("button", { name: "Invite: Cleo" }));
    await waitFor(() => expect(server.sent("POST /api/tables/t1/invite")).toEqual([{ name: "Cleo", token: "h" }]));
  });

  it("a browser without a token of the table cannot invite; signed in, it joins under the account's name", async () => {
    account.value = { name: "Ben", hidden: false, created: 1 };
    const server = fakeServer({
      "GET /api/tables/t1": () => ({ ...summary, rated: true }),
      "POST /api/tables/t1/join": () => ({ table: "t1", seat: 1, token: "b" }),
    });
    render(<Table id="t1" />);
    const ws = FakeSocket.holding(null);
    act(() => ws.open());
    ws.deliver(lobby(-1));
    expect(screen.queryByLabelText("Invite by name")).toBeNull();
    await waitFor(() =>
      expect(document.querySelector(".rated-rule")?.textContent).toBe(
        "Rated table: only signed-in people may sit, one seat each.",
      ),
    );
    expect(screen.queryByLabelText("Your name")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Take this seat" }));
    await waitFor(() => expect(server.sent("POST /api/tables/t1/join")).toEqual([{ name: "Ben", seat: 1 }]));
  });

  it("the host of a rated table is told it starts with every seat taken, not that bots fill them", async () => {
    fakeServer({ "GET /api/tables/t1": () => ({ ...summary, rated: true }) });
    localStorage.setItem(
      "meeple.tables",
      JSON.stringify({ t1: { token: "a", seat: 0, name: "Ana", host_token: "h" } }),
    );
    render(<Table id="t1" />);
    const ws = FakeSocket.holding("a");
    act(() => ws.open());
    ws.deliver(lobby(0));
    await screen.findByText("The game starts once every seat is taken.");
    // The host cannot seat a bot there.
    const who = screen.getByLabelText("Who plays seat 2") as HTMLSelectElement;
    expect([...who.options].filter((o) => o.disabled).map((o) => o.value)).toEqual(["easy", "medium", "hard"]);
    expect(document.body.textContent).not.toContain("Free seats are played by bots");
  });
});
