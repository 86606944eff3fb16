// An invitation reaches a signed-in person on whatever page they are: a
// toast with Join, which takes the seat and opens the table in one step.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { account } from "../account";
import { credentials } from "../api";
import { fakeServer } from "../fakeserver";
import { lang } from "../i18n";
import { route } from "../router";
import InvitationToast, { POLL_MS } from "./InvitationToast";
import { shown } from "../testing";

const invitation = { table: "t7", game: "ufo", title: "Ufo!", from: "Ben", at: 1 };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  lang.value = "en";
  account.value = { name: "Anna", hidden: false, created: 1 };
  route.value = { page: "home" };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  account.value = null;
});

describe("an invitation on any page", () => {
  it("shows as soon as the server lists it, and Join seats the person and opens the table", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let listed: object[] = [];
    const server = fakeServer({
      "GET /api/account/invitations": () => ({ invitations: listed }),
      "POST /api/tables/t7/join": () => ({ table: "t7", seat: 1, token: "tok", name: "Anna" }),
      "POST /api/account/invitations/dismiss": () => ({}),
    });
    render(<InvitationToast />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(document.querySelector(".invitation-toast")).toBeNull();
    // Ben invites Anna while she is on the lobby: the next poll shows it.
    listed = [invitation];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_MS);
    });
    expect(shown(await screen.findByText("Ben invites you to Ufo! fritti dallo spazio!"))).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Join" }));
    await waitFor(() => expect(location.hash).toBe("#/t/t7"));
    expect(server.sent("POST /api/tables/t7/join")).toEqual([{ name: "Anna" }]);
    expect(credentials("t7").token).toBe("tok");
    expect(credentials("t7").seat).toBe(1);
    expect(server.sent("POST /api/account/invitations/dismiss")).toEqual([{ table: "t7" }]);
  });

  it("Later puts it off for this tab; it is not shown on the invited table's page", async () => {
    fakeServer({ "GET /api/account/invitations": () => ({ invitations: [invitation] }) });
    const { unmount } = render(<InvitationToast />);
    await waitFor(() => expect(document.querySelector(".invitation-toast")).toBeTruthy());
    fireEvent.click(screen.getByRole("button", { name: "Later" }));
    expect(document.querySelector(".invitation-toast")).toBeNull();
    unmount();
    sessionStorage.clear();
    route.value = { page: "table", id: "t7" };
    render(<InvitationToast />);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(document.querySelector(".invitation-toast")).toBeNull();
  });
});

/** A WebSocket standing in for the account channel: the test says what the server sends. */
class FakeChannel {
  static last: FakeChannel | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { reason: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeChannel.last = this;
  }
  say(m: object) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
  drop(reason = "") {
    this.onclose?.({ reason });
  }
  close() {}
}

describe("an invitation told by the account channel", () => {
  it("shows the moment the channel brings it, without asking; the poll runs only while the channel is down", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal("WebSocket", FakeChannel);
    const server = fakeServer({ "GET /api/account/invitations": () => ({ invitations: [] }) });
    render(<InvitationToast />);
    const channel = FakeChannel.last!;
    expect(channel.url).toMatch(/\/ws\/account$/);
    act(() => channel.say({ type: "ready" }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    const asked = server.sent("GET /api/account/invitations").length;
    expect(document.documentElement.dataset.invitations).toBe("live");
    // Live: no poll however long the tab is shown.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3 * POLL_MS);
    });
    expect(server.sent("GET /api/account/invitations").length).toBe(asked);
    act(() => channel.say({ type: "invitation", invitation }));
    expect(shown(await screen.findByText("Ben invites you to Ufo! fritti dallo spazio!"))).toBe(true);
    expect(server.sent("GET /api/account/invitations").length).toBe(asked);
    // The channel drops: the poll takes over until it is back.
    act(() => channel.drop());
    expect(document.documentElement.dataset.invitations).toBe("polling");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_MS);
    });
    expect(server.sent("GET /api/account/invitations").length).toBeGreaterThan(asked);
  });
});
