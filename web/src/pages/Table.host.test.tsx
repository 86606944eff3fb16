// The table page with meeple-protocol/2: the host's seat controls offering
// only what the server allows.
import { fireEvent, screen, waitFor } from "@testing-library/preact";
import { describe, expect, it, vi } from "vitest";
import { FakeSocket, withFakeSockets } from "../fakesocket";
import { lang } from "../i18n";
import { seats, sitAt, state } from "./Table.fixture";
import { ui } from "../strings/all";

/** fetch answering every request with one status and body; returns the requests made. */
function stubFetch(status: number, body: object) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return calls;
}

withFakeSockets();

describe("the host's seat controls", () => {
  it("in the lobby, a seat a person has taken offers no control: it is theirs", () => {
    sitAt({ token: "a", seat: 0, name: "Ana", host_token: "h" });
    const ws = FakeSocket.holding("a");
    ws.deliver({
      ...state(0, 0, { phase: "lobby" }),
      seats: [
        { kind: "person", name: "Ana", taken: true, connected: true },
        { kind: "person", name: "Eli", taken: true, connected: true },
        { kind: "person", name: "", taken: false, connected: false },
      ],
    });
    expect(document.querySelector('li[data-seat="1"] select')).toBeNull();
    expect(document.querySelector('li[data-seat="1"]')!.textContent).toContain("their seat");
    expect(document.querySelector('li[data-seat="2"] select')).not.toBeNull();
  });

  it("during play: another bot for a bot's seat, a stand-in only for someone away, never a person's seat", async () => {
    const calls = stubFetch(200, { table: "t1", seat: 2, seats: [] });
    sitAt({ token: "a", seat: 0, name: "Ana", host_token: "h" });
    const ws = FakeSocket.holding("a");
    ws.deliver(state(0, 3));
    const panel = document.querySelector(".host-seats")!;
    expect(panel.querySelector('li[data-seat="0"]')).toBeNull();
    // Eli is here: their seat is theirs, and nothing is offered.
    expect(panel.querySelector('li[data-seat="2"] button')).toBeNull();
    expect(panel.querySelector('li[data-seat="2"]')!.textContent).toContain("Eli is at the table");
    // A bot's seat: another bot (the select shows the bot playing now, then the strengths offered).
    const select = panel.querySelector('li[data-seat="1"] select') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(["", "easy", "medium", "hard"]);
    expect(select.value).toBe("");
    // Eli away: a bot may play for them now.
    const away = seats.map((s, i) => (i === 2 ? { ...s, connected: false } : s));
    ws.deliver(state(0, 4, { view: undefined, view_patch: [], seats: away }));
    fireEvent.click(screen.getByRole("button", { name: "A bot plays for Eli now" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].url).toBe("/api/tables/t1/seat");
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ host_token: "h", seat: 2, kind: "bot" });
    // Already standing in: said so, nothing to press.
    const standing = seats.map((s, i) => (i === 2 ? { ...s, connected: false, stand_in: true } : s));
    ws.deliver(state(0, 5, { view: undefined, view_patch: [], seats: standing }));
    expect(panel.querySelector('li[data-seat="2"] button')).toBeNull();
    expect(panel.querySelector('li[data-seat="2"]')!.textContent).toContain("A bot plays for Eli until they are back");
  });

  it("during play: a bot's seat is offered to a new player; the host asks for a person and gets no token", async () => {
    const calls = stubFetch(200, { table: "t1", seat: 1, seats: [] });
    sitAt({ token: "a", seat: 0, name: "Ana", host_token: "h" });
    const ws = FakeSocket.holding("a");
    ws.deliver(state(0, 3));
    fireEvent.click(screen.getByRole("button", { name: "Offer to a new player" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ host_token: "h", seat: 1, kind: "person" });
    // Offered: the host's control says so, and Ana (seated) is asked to agree.
    const offer = { seat: 1, open: false, agreed: [], waiting: [0, 2] };
    ws.deliver(state(0, 4, { view: undefined, view_patch: [], seat_offer: offer }));
    expect(document.querySelector(".host-seats")!.textContent).toContain("everyone seated is asked to agree");
    expect(screen.queryByRole("button", { name: "Offer to a new player" })).toBeNull();
    expect(document.querySelector(".seat-offer")!.textContent).toContain(
      "The host offers Bot 2's seat to a new player: everyone seated must agree.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Agree" }));
    expect(ws.last()).toEqual({ type: "vote", seat: 1, yes: true });
    ws.deliver(state(0, 5, { view: undefined, view_patch: [], seat_offer: { ...offer, agreed: [0], waiting: [2] } }));
    expect(document.querySelector(".seat-offer")!.textContent).toContain("You agreed: waiting for the others.");
    // Open: a person seated here is not offered to take it.
    ws.deliver(
      state(0, 6, {
        view: undefined,
        view_patch: [],
        seat_offer: { ...offer, open: true, agreed: [0, 2], waiting: [] },
      }),
    );
    expect(document.querySelector(".seat-offer")!.textContent).toContain(
      "Bot 2's seat is open: a new player may take it.",
    );
    expect(screen.queryByRole("button", { name: "Take Bot 2's seat" })).toBeNull();
  });

  it("someone watching takes an open seat, naming the tokens this browser holds there", async () => {
    const calls = stubFetch(200, { table: "t1", seat: 1, token: "new" });
    sitAt({ host_token: "h" });
    const ws = FakeSocket.holding(null);
    ws.deliver(state(-2, 6, { seat_offer: { seat: 1, open: true, agreed: [0, 2], waiting: [] } }));
    fireEvent.input(screen.getByLabelText("Your name"), { target: { value: "Zoe" } });
    fireEvent.click(screen.getByRole("button", { name: "Take Bot 2's seat" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].url).toBe("/api/tables/t1/join");
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ name: "Zoe", seat: 1, tokens: ["h"] });
    // The seat's token is this browser's now: the table opens with it.
    await waitFor(() => expect(FakeSocket.holding("new")).toBeDefined());
  });

  it("a refusal of the seat control (Eli came back meanwhile: seat/taken) is told in Korean", async () => {
    lang.value = "ko";
    stubFetch(409, { type: "error", code: "seat/taken", message: "Eli sits there: the seat is theirs" });
    sitAt({ token: "a", seat: 0, name: "Ana", host_token: "h" });
    const ws = FakeSocket.holding("a");
    ws.deliver(state(0, 3, { seats: seats.map((s, i) => (i === 2 ? { ...s, connected: false } : s)) }));
    fireEvent.click(screen.getByRole("button", { name: "지금부터 봇이 Eli 대신 두기" }));
    await waitFor(() => expect(document.body.textContent).toContain(ui.ko["refusal.seat/taken"]));
    expect(document.body.textContent).not.toContain("sits there");
  });
});
