// The table page with meeple-protocol/2: a table whose stored record is damaged.
import { screen } from "@testing-library/preact";
import { describe, expect, it } from "vitest";
import { FakeSocket, withFakeSockets } from "../fakesocket";
import { lang } from "../i18n";
import { sitAt } from "./Table.fixture";
import { ui } from "../strings/all";

withFakeSockets();

describe("a table whose record the server cannot read", () => {
  for (const l of ["en", "it", "ko"] as const)
    it(`says so in the person's language (${l}) and stops reconnecting`, () => {
      lang.value = l;
      sitAt();
      const ws = FakeSocket.holding("a");
      // The server tells it before any state, then closes naming it.
      ws.deliver({ type: "error", code: "table/damaged", message: "this table's record is damaged" });
      ws.drop("table/damaged");
      expect(screen.getByRole("alert").textContent).toBe(ui[l]["refusal.table/damaged"]);
      expect(screen.getByRole("link", { name: ui[l]["table.to_games"] }).getAttribute("href")).toBe("#/");
      expect(FakeSocket.all).toHaveLength(1);
    });
});
