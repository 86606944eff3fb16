// The table page with meeple-protocol/2: the table chat apart from the
// events (who said each line, earlier pages, refusals in the person's
// language). The other pages' refusals are tested beside them
// (refusal.test.ts, NewTable.test.tsx, Replay.test.tsx).
import { fireEvent, screen } from "@testing-library/preact";
import { describe, expect, it } from "vitest";
import { FakeSocket, withFakeSockets } from "../fakesocket";
import { lang } from "../i18n";
import { sitAt, state } from "./Table.fixture";
import { ui } from "../strings/all";

const line = (n: number, seat: number, text: string) => ({ n, seat, text });

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
