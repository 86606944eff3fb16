// Stand-ins are the table's choice: the new-table page's choice
// and its default (what the server does). At the table: Table.standin.test.tsx.
import { cleanup, fireEvent, render, screen } from "@testing-library/preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lang } from "../i18n";
import type { GameInfo } from "../protocol";
import { NewTable, createRequest, shownStandIn, type TableChoices } from "./NewTable";
import { shown, usable } from "../testing";

const game: GameInfo = {
  name: "ufo",
  title: "Ufo!",
  min_players: 2,
  max_players: 4,
  bots: ["random", "ismcts"],
  default_bot: "ismcts",
  params: [],
};

afterEach(() => {
  cleanup();
  lang.value = "en";
  localStorage.clear();
  vi.useRealTimers();
});

const choices: TableChoices = {
  players: 3,
  seats: [{ kind: "person" }, { kind: "person" }, { kind: "bot", strength: "hard" }],
  params: {},
  isPublic: false,
  undo: true,
  turnBased: false,
  clock: 86400,
  onTimeout: "bot",
};

describe("the stand-in choice on the new-table page", () => {
  it("shows what the server does when the host chooses nothing", () => {
    expect(shownStandIn(choices)).toEqual({ mode: "after", seconds: 300 });
    expect(shownStandIn({ ...choices, isPublic: true })).toEqual({ mode: "after", seconds: 60 });
    expect(shownStandIn({ ...choices, turnBased: true })).toEqual({ mode: "wait" });
    // Nothing chosen: nothing sent, the server applies its default.
    expect(createRequest(game, choices).stand_in).toBeUndefined();
    expect(createRequest(game, { ...choices, standIn: { mode: "now" } }).stand_in).toEqual({ mode: "now" });
    expect(createRequest(game, { ...choices, standIn: { mode: "after", seconds: 3600 } }).stand_in).toEqual({
      mode: "after",
      seconds: 3600,
    });
  });

  it("a private table with a friend waits 5 minutes by default; the host picks another grace or none", () => {
    render(<NewTable game={game} />);
    act(() => {
      fireEvent.change(screen.getByLabelText("Seat 2"), { target: { value: "person" } });
      (screen.getByLabelText("Public: listed in the lobby") as HTMLInputElement).click();
    });
    const mode = screen.getByLabelText("When someone is away or out of time") as HTMLSelectElement;
    expect(mode.value).toBe("after");
    expect([...mode.options].map((o) => o.textContent)).toEqual([
      "wait for them",
      "a bot plays for them after a while (usual)",
      "a bot plays for them at once",
    ]);
    const grace = screen.getByLabelText("After") as HTMLSelectElement;
    expect(grace.value).toBe("300");
    expect(grace.options[0].textContent).toBe("1 min");
    expect(grace.options[grace.options.length - 1].textContent).toBe("1 day");
    expect(grace.selectedOptions[0].textContent).toBe("5 min (usual)");
    act(() => {
      fireEvent.change(mode, { target: { value: "wait" } });
    });
    expect(screen.queryByLabelText("After")).toBeNull();
    expect(shown(screen.getByText(/only marked late/))).toBe(true);
  });

  it("in Korean and Italian", () => {
    lang.value = "it";
    render(<NewTable game={game} />);
    expect(usable(screen.getByLabelText("Quando qualcuno è assente o senza tempo"))).toBe(true);
    cleanup();
    lang.value = "ko";
    render(<NewTable game={game} />);
    expect(usable(screen.getByLabelText("누군가 자리를 비우거나 시간이 다 되면"))).toBe(true);
  });
});
