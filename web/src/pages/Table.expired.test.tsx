// The table page with meeple-protocol/2: a lobby gone for good.
import { screen } from "@testing-library/preact";
import { describe, expect, it } from "vitest";
import { FakeSocket, withFakeSockets } from "../fakesocket";
import { lang } from "../i18n";
import { sitAt, state } from "./Table.fixture";
import { ui } from "../strings/all";

withFakeSockets();

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
    expect(screen.getByRole("link", { name: ui.ko["table.to_games"] }).getAttribute("href")).toBe("#/");
    expect(FakeSocket.all).toHaveLength(1);
  });
});
