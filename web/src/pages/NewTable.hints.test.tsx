// "Hints allowed" on the new-table page: off by default, sent as the
// table's `hints` when chosen, and not offered for a rated table (where the
// server refuses it, table/unrated).
import { cleanup, fireEvent, render, screen } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { account } from "../account";
import { lang } from "../i18n";
import { NewTable, createRequest } from "./NewTable";
import type { TableChoices } from "./NewTable";
import { ufoInfo as ufo, usable } from "../testing";

const plain: TableChoices = {
  players: 2,
  seats: [{ kind: "person" }, { kind: "person" }],
  params: {},
  isPublic: true,
  undo: true,
  turnBased: false,
  clock: 86400,
  onTimeout: "bot",
};

beforeEach(() => {
  lang.value = "en";
  account.value = null;
});
afterEach(() => cleanup());

describe("hints on the new-table page", () => {
  it("is offered, off by default, and asked for when chosen", () => {
    render(<NewTable game={ufo} />);
    const box = screen.getByRole("checkbox", { name: /Allow hints/ }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    expect(createRequest(ufo, plain).hints).toBeUndefined();
    expect(createRequest(ufo, { ...plain, hints: true }).hints).toBe(true);
  });

  it("is not offered for a rated table, nor sent with one", () => {
    account.value = { name: "Anna", hidden: false, created: 1 };
    render(<NewTable game={ufo} />);
    fireEvent.click(screen.getByRole("checkbox", { name: /Allow hints/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: /Rated/ }));
    expect(screen.queryByRole("checkbox", { name: /Allow hints/ })).toBeNull();
    const req = createRequest(ufo, { ...plain, undo: false, rated: true, hints: true });
    expect(req.rated).toBe(true);
    expect(req.hints).toBeUndefined();
  });

  it("is worded in Italian and Korean too", () => {
    for (const [l, words] of [
      ["it", /Suggerimenti/],
      ["ko", /힌트 허용/],
    ] as const) {
      lang.value = l;
      render(<NewTable game={ufo} />);
      expect(usable(screen.getByRole("checkbox", { name: words }))).toBe(true);
      cleanup();
    }
  });
});
