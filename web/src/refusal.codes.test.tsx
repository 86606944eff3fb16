// Every error code the server can send is told in the person's language:
// the codes are read from the server's sources and the
// protocol's documentation, so a new code without words in en, it and ko
// fails here. Each is shown by the component that shows refusals at the
// table (the banner) and by the words of an HTTP refusal. First Contact's
// chat refusal on the table's page itself: pages/Table.refusals.test.tsx.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { signal } from "@preact/signals";
import { cleanup, render } from "@testing-library/preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "./api";
import type { TableConnection } from "./connection";
import { lang } from "./i18n";
import { ErrorBanner } from "./pages/table/Banners";
import { errorText } from "./refusal";
import { ui } from "./strings/all";

const repo = join(__dirname, "..", "..");
/**
 * Codes of the command-line tools only (the arena, the load test, a damaged
 * store file that `meeple serve` does not open, an observation tensor that
 * only the engine protocol and the Python module give, the engine's unknown
 * command, a result before the end, a file over the engine's limit): never
 * sent to a browser.
 */
const TOOLS_ONLY = new Set([
  "bot/count",
  "game/endless",
  "game/no_observation",
  "game/not_over",
  "io/too_large",
  "loadtest/connect",
  "loadtest/http",
  "request/unknown_command",
  "store/damaged",
]);
/** `meeple engine`'s own group (docs/engine-protocol.md): its answers go to the program that runs it. */
const ENGINE_ONLY = /^engine\//;
/** Media types and paths look like codes: they are not. */
const NOT_CODES = /^(application|text|image)\//;
/** The account routes' tails (server/routes.h, `what`: "/api/account/friends/remove") look like codes: they are not. */
const ROUTE_TAILS = new Set(["friends/remove", "invitations/dismiss"]);

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== "tests") sources(p, out);
    } else if (/\.(cpp|h)$/.test(name) && !/_test\.cpp$/.test(name)) out.push(p);
  }
  return out;
}

/** Every "group/name" string the server, the room, the store, the games and the bots may put in an error. */
function serverCodes(): string[] {
  const codes = new Set<string>();
  for (const dir of ["server", "room", "store", "core", "games", "bots"])
    for (const f of sources(join(repo, dir)))
      for (const m of readFileSync(f, "utf8").matchAll(/"([a-z_]+\/[a-z_]+)"/g)) codes.add(m[1]);
  // The protocol's table of errors.
  const doc = readFileSync(join(repo, "docs", "protocol.md"), "utf8");
  const errors = doc.slice(doc.indexOf("## Errors"), doc.indexOf("\n## ", doc.indexOf("## Errors") + 1));
  for (const row of errors.split("\n").filter((l) => l.startsWith("| `")))
    for (const m of row.split("|")[1].matchAll(/`([a-z_]+\/[a-z_]+)`/g)) codes.add(m[1]);
  return [...codes]
    .filter((c) => !NOT_CODES.test(c) && !ENGINE_ONLY.test(c) && !TOOLS_ONLY.has(c) && !ROUTE_TAILS.has(c))
    .sort();
}

const codes = serverCodes();
const langs = ["en", "it", "ko"] as const;
const catalog = (l: (typeof langs)[number], code: string) =>
  (ui[l] as Record<string, string>)[`refusal.${code}`] ?? `(no catalog entry for ${code})`;

afterEach(() => {
  cleanup();
  lang.value = "en";
  localStorage.clear();
});

describe("every error code in the person's language", () => {
  it("finds the server's codes (the scan itself works)", () => {
    for (const c of [
      "action/stale",
      "chat/names_characteristic",
      "table/full",
      "undo/off",
      "store/fenced",
      "auth/credentials",
      "account/exists",
      "table/unrated",
    ])
      expect(codes).toContain(c);
    expect(codes.length).toBeGreaterThan(40);
  });

  for (const l of langs)
    it(`the table's refusal banner tells each code in ${l}`, () => {
      act(() => {
        lang.value = l;
      });
      for (const code of codes) {
        const message = `server's own words for ${code}`;
        const conn = { error: signal({ code, message }) } as unknown as TableConnection;
        const { container, unmount } = render(<ErrorBanner conn={conn} />);
        const shown = container.querySelector(`[data-code="${code}"] span`)!.textContent;
        expect(shown, `${l} ${code}`).toBe(
          (ui[l] as Record<string, string>)["table.refused"].replace("{message}", catalog(l, code)),
        );
        expect(shown).not.toContain(message);
        // An HTTP refusal's words too (the new-table page, the lobby, the seat controls).
        expect(errorText(new ApiError(code, message, 400)), `${l} ${code}`).toBe(catalog(l, code));
        unmount();
      }
    });

  it("Italian and Korean words are their own, not the English ones", () => {
    for (const code of codes) {
      expect(catalog("it", code), code).not.toBe(catalog("en", code));
      expect(catalog("ko", code), code).not.toBe(catalog("en", code));
    }
  });
});
