// The account page against a stand-in server: sign-up shows the recovery
// codes once, until "I have saved them"; wrong passwords, the wait they
// earn and a password too easy to guess are told in the person's language;
// recovery, sign-out, friends, hiding the profile, taking invitations from
// friends only and deleting the account send what the contract asks.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { account } from "../account";
import { fakeServer, refused } from "../fakeserver";
import { ui } from "../strings/all";
import { lang } from "../i18n";
import { AccountPage } from "./Account";
import { shown } from "../testing";

const CODES = Array.from({ length: 10 }, (_, i) => `code${i}abcde`);

beforeEach(() => {
  localStorage.clear();
  lang.value = "en";
  account.value = null;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: string | RegExp, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });

/** The routes every signed-in screen asks: the account, the keyring (empty), friends. */
function signedInRoutes(name = "Anna") {
  return {
    "GET /api/account": () => ({ name, hidden: false, created: 1 }),
    "POST /api/account/claim": () => ({ claimed: 0 }),
    "GET /api/account/seats": () => ({ seats: [] }),
    "GET /api/account/friends": () => ({ friends: [] }),
  };
}

describe("account page, signed out", () => {
  it("sign-up shows the ten recovery codes once, then the account after 'I have saved them'", async () => {
    const server = fakeServer({
      ...signedInRoutes(),
      "POST /api/account/signup": () =>
        new Response(JSON.stringify({ name: "Anna", recovery_codes: CODES }), { status: 201 }),
    });
    render(<AccountPage />);
    fireEvent.click(screen.getByRole("tab", { name: "Create an account" }));
    type("Name", " Anna ");
    type("Password", "correct horse");
    fireEvent.click(screen.getByRole("button", { name: "Create an account" }));
    expect(shown(await screen.findByText("Your recovery codes"))).toBe(true);
    expect([...document.querySelectorAll(".codes code")].map((c) => c.textContent)).toEqual(CODES);
    expect(server.sent("POST /api/account/signup")).toEqual([{ name: "Anna", password: "correct horse" }]);
    expect(account.value?.name).toBe("Anna");
    fireEvent.click(screen.getByRole("button", { name: "I have saved them" }));
    expect(shown(await screen.findByText("Signed in as Anna"))).toBe(true);
    expect(document.body.textContent).not.toContain(CODES[0]);
  });

  it("a wrong password and the wait wrong ones earn are told in the interface's language", async () => {
    let calls = 0;
    fakeServer({
      "POST /api/account/signin": () =>
        ++calls === 1
          ? refused(401, "auth/credentials", "wrong")
          : new Response(JSON.stringify({ type: "error", code: "auth/throttled", message: "wait", retry_after: 4 }), {
              status: 429,
            }),
    });
    lang.value = "it";
    render(<AccountPage />);
    type("Nome", "Anna");
    type("Password", "nope nope");
    fireEvent.click(screen.getByRole("button", { name: "Accedi" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Nome o password sbagliati."));
    fireEvent.click(screen.getByRole("button", { name: "Accedi" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "Troppe password sbagliate da qui: aspetta un po' e riprova. Puoi riprovare tra 4 secondi.",
      ),
    );
    expect(account.value).toBeNull();
  });

  it("a password too easy to guess is refused with its reason, in each language", async () => {
    const reasons = ["dictionary", "simple", "repetitive", "length", "palindrome", "name"];
    let i = 0;
    fakeServer({
      "POST /api/account/signup": () =>
        new Response(
          JSON.stringify({ type: "error", code: "account/password", message: "weak", reason: reasons[i++] }),
          { status: 400 },
        ),
    });
    render(<AccountPage />);
    fireEvent.click(screen.getByRole("tab", { name: "Create an account" }));
    type("Name", "Anna");
    type("Password", "password");
    for (const [k, l] of (["en", "it", "ko", "en", "it", "ko"] as const).entries()) {
      lang.value = l;
      fireEvent.click(document.querySelector("form button[type=submit]")!);
      const words = (ui[l] as Record<string, string>)[`password.${reasons[k]}`];
      await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(words));
    }
    expect(account.value).toBeNull();
  });

  it("recovery with a code sets the new password and tells how many codes are left", async () => {
    const server = fakeServer({
      ...signedInRoutes(),
      "POST /api/account/recover": () => ({ name: "Anna", recovery_codes_left: 9 }),
    });
    render(<AccountPage />);
    fireEvent.click(screen.getByRole("tab", { name: "Use a recovery code" }));
    type("Name", "Anna");
    type("Recovery code", " code0abcde ");
    type("New password", "a new secret");
    fireEvent.click(screen.getByRole("button", { name: "Use a recovery code" }));
    expect(shown(await screen.findByText("Signed in as Anna"))).toBe(true);
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("9 recovery codes left"));
    expect(server.sent("POST /api/account/recover")).toEqual([
      { name: "Anna", code: "code0abcde", password: "a new secret" },
    ]);
  });
});

describe("account page, signed in", () => {
  beforeEach(() => {
    account.value = { name: "Anna", hidden: false, created: 1 };
  });

  it("links the profile; sign-out ends the session here", async () => {
    const server = fakeServer({ ...signedInRoutes(), "POST /api/account/signout": () => ({}) });
    render(<AccountPage />);
    expect(screen.getByRole("link", { name: "Your profile" }).getAttribute("href")).toBe("#/players/Anna");
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect((await screen.findByRole("tab", { name: "Sign in" })).getAttribute("aria-selected")).toBe("true");
    expect(account.value).toBeNull();
    expect(server.sent("POST /api/account/signout")).toHaveLength(1);
  });

  it("sign-out forgets the account's seats on this device (a shared device keeps none of them), and only those", async () => {
    localStorage.setItem(
      "meeple.tables",
      JSON.stringify({
        t1: { token: "s1", seat: 0, name: "Anna", host_token: "h1" },
        t2: { token: "guest", seat: 1, name: "Bo" },
      }),
    );
    fakeServer({
      ...signedInRoutes(),
      "GET /api/account/seats": () => ({
        seats: [
          { table: "t1", token: "s1" },
          { table: "t1", token: "h1" },
        ],
      }),
      "POST /api/account/signout": () => ({}),
    });
    render(<AccountPage />);
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(account.value).toBeNull());
    const kept = JSON.parse(localStorage.getItem("meeple.tables") ?? "{}") as Record<string, unknown>;
    expect(kept.t1).toBeUndefined();
    expect(kept.t2).toEqual({ token: "guest", seat: 1, name: "Bo" });
  });

  it("friends: adds by name, lists them with their profile, removes one; an unknown name is refused", async () => {
    let friends = [{ name: "Ben", mutual: true, online: true }];
    const server = fakeServer({
      ...signedInRoutes(),
      "GET /api/account/friends": () => ({ friends }),
      "POST /api/account/friends": (b) => {
        const name = (b as { name: string }).name;
        if (name === "Nobody") return refused(404, "account/unknown");
        friends = [...friends, { name, mutual: false, online: false }];
        return {};
      },
      "POST /api/account/friends/remove": (b) => {
        friends = friends.filter((f) => f.name !== (b as { name: string }).name);
        return {};
      },
    });
    render(<AccountPage />);
    await waitFor(() => expect(screen.getByRole("link", { name: "Ben" }).getAttribute("href")).toBe("#/players/Ben"));
    expect(document.querySelector('[data-friend="Ben"]')?.textContent).toContain("online");
    type("A friend's name", "Nobody");
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Nobody has an account with that name."));
    type("A friend's name", "김민수");
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    expect((await screen.findByRole("link", { name: "김민수" })).getAttribute("href")).toBe(
      "#/players/%EA%B9%80%EB%AF%BC%EC%88%98",
    );
    // Presence only between friends who added each other: 김민수 has not added Anna.
    expect(document.querySelector('[data-friend="김민수"]')?.textContent).toContain(
      "has not added you: no online status",
    );
    expect(document.querySelector('[data-friend="Ben"]')?.textContent).not.toContain("has not added you");
    fireEvent.click(screen.getByRole("button", { name: "Remove Ben from your friends" }));
    await waitFor(() => expect(screen.queryByRole("link", { name: "Ben" })).toBeNull());
    expect(server.sent("POST /api/account/friends/remove")).toEqual([{ name: "Ben" }]);
  });

  it("hides the profile, takes invitations from friends only, changes the password", async () => {
    const server = fakeServer({
      ...signedInRoutes(),
      "POST /api/account/hide": () => ({}),
      "POST /api/account/friends-only": () => ({}),
      "POST /api/account/password": () => ({}),
    });
    render(<AccountPage />);
    fireEvent.click(screen.getByRole("checkbox", { name: /Hide my profile/ }));
    await waitFor(() => expect(account.value?.hidden).toBe(true));
    expect(server.sent("POST /api/account/hide")).toEqual([{ hidden: true }]);
    const only = screen.getByRole("checkbox", { name: /Take invitations from my friends only/ }) as HTMLInputElement;
    expect(only.checked).toBe(false);
    fireEvent.click(only);
    await waitFor(() => expect(account.value?.friends_only).toBe(true));
    expect(server.sent("POST /api/account/friends-only")).toEqual([{ friends_only: true }]);
    type("Current password", "old secret");
    type(/^New password/, "new secret!");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(shown(await screen.findByText("Your password is changed."))).toBe(true);
    expect(server.sent("POST /api/account/password")).toEqual([
      { password: "old secret", new_password: "new secret!" },
    ]);
  });

  it("deleting asks for the password under a plain warning; a wrong one keeps the account", async () => {
    const server = fakeServer({
      ...signedInRoutes(),
      "POST /api/account/delete": (b) =>
        (b as { password: string }).password === "right one" ? {} : refused(401, "auth/credentials"),
    });
    render(<AccountPage />);
    fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    expect(document.querySelector(".delete-account")?.textContent).toContain("a former player");
    type(/^Password/, "wrong one");
    fireEvent.click(screen.getByRole("button", { name: "Delete for good" }));
    await waitFor(() =>
      expect([...screen.getAllByRole("alert")].map((a) => a.textContent)).toContain("Wrong name or password."),
    );
    expect(account.value?.name).toBe("Anna");
    type(/^Password/, "right one");
    fireEvent.click(screen.getByRole("button", { name: "Delete for good" }));
    expect(shown(await screen.findByText(/Your account is deleted/))).toBe(true);
    expect(account.value).toBeNull();
    expect(server.sent("POST /api/account/delete")).toEqual([{ password: "wrong one" }, { password: "right one" }]);
  });
});
