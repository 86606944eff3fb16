// The new-table page shows each rule option with the server's translated
// label, one-line help and value names, and follows the language switch.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lang } from "../i18n";
import { CLOCKS, NewTable, createRequest, type TableChoices } from "./NewTable";
import type { GameInfo } from "../protocol";
import { ui } from "../strings/all";
import { shown, usable } from "../testing";

const game: GameInfo = {
  name: "first-contact",
  title: "First Contact",
  min_players: 2,
  max_players: 7,
  bots: ["random", "talker", "ismcts"],
  default_bot: "talker",
  params: [
    {
      name: "mode",
      type: "enum",
      default: "standard",
      allowed: ["standard", "advanced"],
      description: "developers' line",
      label: { en: "Difficulty", it: "Difficoltà", ko: "난이도" },
      help: { en: "Standard: 3 items", it: "Standard: 3 oggetti", ko: "표준: 물건 3개" },
      values: {
        en: { standard: "standard", advanced: "advanced" },
        it: { standard: "standard", advanced: "avanzata" },
        ko: { standard: "표준", advanced: "고급" },
      },
    },
    { name: "aliens", type: "int", default: 0, min: 0, max: 3, description: "number of aliens, 0 = automatic" },
  ],
};

afterEach(() => {
  cleanup();
  lang.value = "en";
});

describe("new table page", () => {
  it("labels, help and value names in the interface's language", () => {
    lang.value = "en";
    render(<NewTable game={game} />);
    const select = screen.getByLabelText("Difficulty") as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(["standard", "advanced"]);
    expect(shown(screen.getByText("Standard: 3 items"))).toBe(true);
    act(() => {
      lang.value = "ko";
    });
    const ko = screen.getByLabelText("난이도") as HTMLSelectElement;
    expect([...ko.options].map((o) => o.textContent)).toEqual(["표준", "고급"]);
    expect(shown(screen.getByText("표준: 물건 3개"))).toBe(true);
  });

  it("an option without translations falls back to its name and the server's description", () => {
    render(<NewTable game={game} />);
    expect(usable(screen.getByLabelText("aliens"))).toBe(true);
    expect(shown(screen.getByText("number of aliens, 0 = automatic"))).toBe(true);
  });
});

describe("the new table's request", () => {
  const choices: TableChoices = {
    players: 3,
    seats: [{ kind: "person" }, { kind: "bot", strength: "hard" }, { kind: "person" }],
    params: { mode: "standard", aliens: 0 },
    isPublic: false,
    undo: true,
    turnBased: false,
    clock: 86400,
    onTimeout: "bot",
  };

  it("leaves the server's defaults out: undo on, not turn-based", () => {
    expect(createRequest(game, choices)).toEqual({
      game: "first-contact",
      params: {},
      seats: [{ kind: "person" }, { kind: "bot", bot: "ismcts:hard" }, { kind: "person" }],
      public: false,
    });
  });

  it("undo off, turn-based with its clock and what happens when it runs out", () => {
    const r = createRequest(game, {
      ...choices,
      undo: false,
      turnBased: true,
      clock: 3 * 86400,
      onTimeout: "takeover",
    });
    expect(r.undo).toBe(false);
    expect([r.turn_based, r.clock_seconds, r.on_timeout]).toEqual([true, 259200, "takeover"]);
  });

  it("people at this device are people to the server; with nobody invited the game starts once they join", () => {
    const here = {
      ...choices,
      seats: [{ kind: "person" }, { kind: "bot", strength: "easy" }, { kind: "here", name: "Eli" }],
    } as TableChoices;
    const r = createRequest(game, here);
    expect(r.seats?.[2]).toEqual({ kind: "person" });
    // The server's default: the game starts once every person's seat is taken.
    expect(r.auto_start).toBeUndefined();
  });

  it("offers clocks from an hour to a week, in words", () => {
    render(<NewTable game={game} />);
    act(() => {
      (screen.getByLabelText("Turn-based (play over days)") as HTMLInputElement).click();
    });
    const clock = screen.getByLabelText("Time for each decision") as HTMLSelectElement;
    expect([...clock.options].map((o) => o.textContent)).toEqual(["1 hour", "12 hours", "1 day", "3 days", "7 days"]);
    expect(clock.value).toBe("86400");
    expect(CLOCKS.every((c) => c <= 14 * 86400)).toBe(true);
    const timeout = screen.getByLabelText("When the clock runs out") as HTMLSelectElement;
    expect([...timeout.options].map((o) => o.value)).toEqual(["bot", "takeover"]);
    expect(
      (screen.getByLabelText("Allow undo: people may take back their own moves") as HTMLInputElement).checked,
    ).toBe(true);
  });

  it("a person at this device gets a name field", () => {
    render(<NewTable game={game} />);
    act(() => {
      fireEvent.change(screen.getByLabelText("Seat 2"), { target: { value: "here" } });
    });
    expect(usable(screen.getByLabelText("Name of the person at seat 2"))).toBe(true);
  });
});

describe("the new table's refusals", () => {
  /** fetch answering every request with one status and body; returns the requests made. */
  function stubFetch(status: number, body: object) {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return new Response(JSON.stringify(body), { status });
      }),
    );
    return calls;
  }

  afterEach(() => vi.unstubAllGlobals());

  it("the new-table page tells table/too_many in Korean", async () => {
    lang.value = "ko";
    const calls = stubFetch(429, {
      type: "error",
      code: "table/too_many",
      message: "20 tables made from your address",
    });
    const game: GameInfo = {
      name: "ufo",
      title: "Ufo!",
      min_players: 2,
      max_players: 2,
      params: [],
      bots: ["random"],
      default_bot: "random",
    };
    render(<NewTable game={game} />);
    fireEvent.click(screen.getByRole("button", { name: ui.ko["new.create"] }));
    await waitFor(() => expect(document.body.textContent).toContain(ui.ko["refusal.table/too_many"]));
    expect(document.body.textContent).not.toContain("20 tables");
    // A request with a body says it is JSON (the server refuses others: request/content_type).
    expect(new Headers(calls[0].init.headers).get("content-type")).toBe("application/json");
  });
});
