// The header names the signed-in account (a link to its page) or offers
// "sign in"; the account is asked for once, when the app opens.
import { cleanup, render, screen, waitFor } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { account } from "./account";
import { App } from "./app";
import { fakeServer, refused } from "./fakeserver";
import { lang } from "./i18n";

beforeEach(() => {
  localStorage.clear();
  lang.value = "en";
  account.value = undefined;
  location.hash = "";
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const games = () => ({ protocol: "meeple-protocol/2", games: [] });

describe("the header's account link", () => {
  it("a guest sees 'Sign in'", async () => {
    fakeServer({
      "GET /api/games": games,
      "GET /api/tables?phase=lobby&page=1&limit=10": () => ({ tables: [], total: 0 }),
      "GET /api/tables?phase=playing&page=1&limit=10": () => ({ tables: [], total: 0 }),
      "GET /api/account": () => refused(401, "auth/signed_out"),
    });
    render(<App />);
    const link = await screen.findByRole("link", { name: "Sign in" });
    expect(link.getAttribute("href")).toBe("#/account");
  });

  it("a signed-in person sees their name", async () => {
    const server = fakeServer({
      "GET /api/games": games,
      "GET /api/tables?phase=lobby&page=1&limit=10": () => ({ tables: [], total: 0 }),
      "GET /api/tables?phase=playing&page=1&limit=10": () => ({ tables: [], total: 0 }),
      "GET /api/account": () => ({ name: "김민수", hidden: false, created: 1 }),
      "POST /api/account/claim": () => ({ claimed: 0 }),
      "GET /api/account/seats": () => ({ seats: [] }),
    });
    lang.value = "ko";
    render(<App />);
    const link = await screen.findByRole("link", { name: "내 계정: 김민수" });
    expect(link.textContent).toBe("김민수");
    await waitFor(() => expect(server.sent("GET /api/account/seats")).toHaveLength(1));
  });
});
