// A rated table on the new-table page: offered only to a
// signed-in host; turning it on turns undo off and leaves no bot or
// hot-seat seat, as the server requires (table/unrated).
import { cleanup, fireEvent, render, screen } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { account } from "../account";
import { lang } from "../i18n";
import { NewTable, createRequest } from "./NewTable";
import { ufoInfo as ufo, usable } from "../testing";

beforeEach(() => {
  lang.value = "en";
  account.value = null;
});
afterEach(() => cleanup());

describe("rated tables on the new-table page", () => {
  it("a guest is not offered a rated table", () => {
    render(<NewTable game={ufo} />);
    expect(screen.queryByRole("checkbox", { name: /Rated/ })).toBeNull();
    expect(usable(screen.getByLabelText("Your name"))).toBe(true);
  });

  it("signed in: rated turns undo off, makes every other seat a person's and refuses bots and hot-seat", () => {
    account.value = { name: "Anna", hidden: false, created: 1 };
    render(<NewTable game={ufo} />);
    // The host is the account.
    expect(screen.queryByLabelText("Your name")).toBeNull();
    expect(document.querySelector(".seat-row")?.textContent).toContain("Anna");
    const undo = document.querySelector<HTMLInputElement>('input[name="undo"]')!;
    expect(undo.checked).toBe(true);
    const seat2 = screen.getByLabelText("Seat 2") as HTMLSelectElement;
    expect(seat2.value).toBe("medium");
    fireEvent.click(screen.getByRole("checkbox", { name: /Rated/ }));
    expect(undo.checked).toBe(false);
    expect(undo.disabled).toBe(true);
    expect(seat2.value).toBe("person");
    const disabled = [...seat2.options].filter((o) => o.disabled).map((o) => o.value);
    expect(disabled).toEqual(["here", "easy", "medium", "hard"]);
  });

  it("the request of a rated table says so", () => {
    const req = createRequest(ufo, {
      players: 2,
      seats: [{ kind: "person" }, { kind: "person" }],
      params: {},
      isPublic: true,
      undo: false,
      turnBased: false,
      clock: 86400,
      onTimeout: "bot",
      rated: true,
    });
    expect(req).toMatchObject({ rated: true, undo: false, seats: [{ kind: "person" }, { kind: "person" }] });
    expect(
      createRequest(ufo, {
        ...{
          players: 2,
          seats: [],
          params: {},
          isPublic: true,
          undo: true,
          turnBased: false,
          clock: 1,
          onTimeout: "bot",
        },
      }).rated,
    ).toBeUndefined();
  });
});
