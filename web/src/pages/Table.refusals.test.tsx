// A refusal the server sends at the table is told in the person's language,
// on the table's page itself: First Contact's chat refusal.
// Every code's words: refusal.codes.test.tsx.
import { cleanup, render, screen } from "@testing-library/preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { FakeSocket, withFakeSockets } from "../fakesocket";
import { lang } from "../i18n";
import { Table } from "./Table";
import { ui } from "../strings/all";

const catalog = (l: "en" | "it" | "ko", code: string) =>
  (ui[l] as Record<string, string>)[`refusal.${code}`] ?? `(no catalog entry for ${code})`;

afterEach(() => {
  cleanup();
  lang.value = "en";
  localStorage.clear();
});

withFakeSockets();

describe("First Contact's chat refusal on the table's page", () => {
  for (const l of ["it", "ko"] as const)
    it(`is told in ${l}, not in the server's English`, () => {
      lang.value = l;
      localStorage.setItem("meeple.tables", JSON.stringify({ t1: { token: "a", seat: 0, name: "Ana" } }));
      render(<Table id="t1" />);
      const ws = FakeSocket.holding("a");
      act(() => ws.open());
      ws.deliver({
        type: "state",
        protocol: "meeple-protocol/2",
        table: "t1",
        game: "toy",
        phase: "playing",
        seat: 0,
        version: 3,
        seats: [
          { kind: "person", name: "Ana", stand_in: false, connected: true },
          { kind: "bot", name: "talker", stand_in: false, connected: true },
        ],
        view: {},
        events: [],
      });
      ws.deliver({
        type: "error",
        code: "chat/names_characteristic",
        message: '"big" names Big (Big, Grande, 큰): the table talk rule forbids it',
      });
      const alert = screen.getByRole("alert");
      expect(alert.textContent).toContain(catalog(l, "chat/names_characteristic"));
      expect(alert.textContent).not.toContain("forbids");
    });
});
