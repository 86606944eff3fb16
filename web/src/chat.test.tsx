// The table page (pages/Table.tsx) with meeple-protocol/2: the table chat
// apart from the events (who said each line, earlier pages, refusals in the
// person's language), the host's seat controls offering only what the server
// allows, and a lobby gone for good. The other pages' refusals are tested
// beside them (refusal.test.ts, pages/NewTable.test.tsx,
// pages/Replay.test.tsx).
import { fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { describe, expect, it, vi } from "vitest";
import { FakeSocket, withFakeSockets } from "./fakesocket";
import { lang } from "./i18n";
import { Table } from "./pages/Table";
import { ui } from "./strings";

const seats = [
  { kind: "person", name: "Ana", stand_in: false, connected: true },
  { kind: "bot", name: "ismcts", stand_in: false, connected: true },
  { kind: "person", name: "Eli", stand_in: false, connected: true },
];

function state(seat: number, version: number, more: object = {}) {
  return {
    type: "state",
    protocol: "meeple-protocol/2",
    table: "t1",
    game: "toy",
    phase: "playing",
    seat,
    version,
    seats,
    view: {},
    events: [],
    ...more,
  };
}

const line = (n: number, seat: number, text: string) => ({ n, seat, text });

function sitAt(creds: object = { token: "a", seat: 0, name: "Ana" }) {
  localStorage.setItem("meeple.tables", JSON.stringify({ t1: creds }));
  render(<Table id="t1" />);
}

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

describe("the table chat", () => {
  it("shows who said each line, apart from the events, and sends what the person writes", () => {
    sitAt();
    const ws = FakeSocket.holding("a");
    ws.deliver(
      state(0, 3, {
        events: ["Eli takes a card"],
        chat: [line(0, 2, "good luck"), line(1, 0, "you too")],
      }),
    );
    const chat = document.querySelector(".chat-box")!;
    const lines = [...chat.querySelectorAll(".chat-lines li")];
    expect(lines.map((l) => l.querySelector(".who")!.textContent)).toEqual(["Eli", "Ana (you)"]);
    expect(lines.map((l) => l.querySelector(".said")!.textContent)).toEqual(["good luck", "you too"]);
    expect(lines[1].classList.contains("mine")).toBe(true);
    // The event log tells only what happened.
    const log = document.querySelector(".event-log")!.textContent!;
    expect(log).toContain("Eli takes a card");
    expect(log).not.toContain("good luck");
    // A line of the chat that reads like an event stays a chat line, with its author.
    ws.deliver(state(0, 3, { view: undefined, view_patch: [], chat: [line(2, 2, "Ana takes back a move")] }));
    expect(document.querySelector(".event-log")!.textContent).not.toContain("takes back");
    expect(chat.querySelector('.chat-lines li[data-n="2"] .who')!.textContent).toBe("Eli");
    fireEvent.input(screen.getByPlaceholderText("Say something to the table"), { target: { value: "  gg  " } });
    fireEvent.submit(document.querySelector("form.chat")!);
    expect(ws.sent.at(-1)).toEqual({ type: "chat", text: "gg" });
  });

  it("offers earlier messages while the first line held is not the first one, and asks for them", () => {
    sitAt();
    const ws = FakeSocket.holding("a");
    ws.deliver(state(0, 3, { chat: [line(50, 2, "late"), line(51, 0, "later")] }));
    const earlier = screen.getByRole("button", { name: "Earlier messages" });
    fireEvent.click(earlier);
    expect(ws.sent.at(-1)).toEqual({ type: "chat_page", before: 50 });
    expect((screen.getByRole("button", { name: /Loading earlier/ }) as HTMLButtonElement).disabled).toBe(true);
    ws.deliver({ type: "chat_page", lines: Array.from({ length: 50 }, (_, i) => line(i, 2, `early ${i}`)) });
    expect(screen.queryByRole("button", { name: /Earlier messages|Loading/ })).toBeNull();
    expect(document.querySelectorAll(".chat-lines li")).toHaveLength(52);
    expect(document.querySelector(".chat-lines li .said")!.textContent).toBe("early 0");
  });

  it("a spectator reads the chat but has nothing to write with; a table without chat yet shows no box to them", () => {
    sitAt({ host_token: "h" });
    const ws = FakeSocket.holding(null);
    ws.deliver(state(-2, 3));
    expect(document.querySelector(".chat-box")).toBeNull();
    ws.deliver(state(-2, 3, { view: undefined, view_patch: [], chat: [line(0, 0, "hello")] }));
    expect(document.querySelector(".chat-lines")!.textContent).toContain("hello");
    expect(document.querySelector("form.chat")).toBeNull();
  });

  it("chat refusals are told in the person's language", () => {
    lang.value = "it";
    sitAt();
    const ws = FakeSocket.holding("a");
    ws.deliver(state(0, 3));
    for (const code of ["chat/too_fast", "chat/full", "chat/not_a_line"]) {
      ws.deliver({ type: "error", code, message: "english words from the server" });
      const alert = screen.getByRole("alert");
      expect(alert.textContent).toContain(ui.it[`refusal.${code}` as keyof typeof ui.it]);
      expect(alert.textContent).not.toContain("english");
    }
  });
});

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

describe("a lobby nobody started in time", () => {
  it("says the table is gone, in the person's language, and stops reconnecting", () => {
    lang.value = "ko";
    sitAt();
    const ws = FakeSocket.holding("a");
    ws.deliver({
      ...state(0, 0, { phase: "lobby" }),
      seats: [{ kind: "person", name: "Ana", taken: true, connected: true }],
    });
    ws.deliver({ type: "error", code: "table/expired", message: "nobody started this table in time" });
    ws.drop("table/expired");
    expect(screen.getByRole("alert").textContent).toBe(ui.ko["table.expired"]);
    expect(screen.getByRole("link", { name: ui.ko["table.to_games"] })).toBeTruthy();
    expect(FakeSocket.all).toHaveLength(1);
  });
});
