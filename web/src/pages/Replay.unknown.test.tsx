// Wording that is true: an unknown replay link says "no such
// table" in the person's language, with no link back to a table that does
// not exist.
import { cleanup, render, screen, waitFor } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lang } from "../i18n";
import { Replay } from "./Replay";
import { ui } from "../strings/all";

afterEach(() => {
  cleanup();
  lang.value = "en";
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("a replay link to a table the server does not know", () => {
  for (const l of ["en", "it", "ko"] as const)
    it(`says so in ${l}, with a way to the games and none to the missing table`, async () => {
      lang.value = l;
      vi.stubGlobal(
        "fetch",
        vi.fn(
          async () =>
            new Response(JSON.stringify({ type: "error", code: "table/unknown", message: "no such table" }), {
              status: 404,
            }),
        ),
      );
      const { container } = render(<Replay id="nope" />);
      await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(ui[l]["error.unknown_table"]));
      expect(container.textContent).not.toContain("no such table");
      expect(container.querySelector('a[href*="nope"]')).toBeNull();
      const links = [...container.querySelectorAll("a")].map((a) => a.textContent);
      expect(links).toEqual([ui[l]["table.to_games"]]);
    });
});
