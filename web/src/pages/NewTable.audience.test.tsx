// Who a new table is for (docs/protocol.md, "Who a table is for"): a
// rating range at the game and the host's friends only, offered to a
// signed-in host (a guest's table is everyone's), and sent with the table.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { account } from "../account";
import { fakeServer } from "../fakeserver";
import { lang } from "../i18n";
import { NewTable } from "./NewTable";
import { ufoInfo as ufo, usable } from "../testing";

beforeEach(() => {
  lang.value = "en";
  account.value = null;
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve() {
  return fakeServer({
    "POST /api/tables": () => ({ id: "t1", host_token: "h", game: "ufo", players: 3, free_seats: 3 }),
    "POST /api/tables/t1/join": () => ({ table: "t1", seat: 0, token: "s", name: "Anna" }),
  });
}

describe("who a new table is for", () => {
  it("a guest is offered no audience: the table is everyone's", () => {
    render(<NewTable game={ufo} />);
    expect(screen.queryByRole("group", { name: "Who is it for" })).toBeNull();
    expect(screen.queryByLabelText("Lowest rating")).toBeNull();
  });

  it("a signed-in host gives a rating range and friends only, sent with the table", async () => {
    account.value = { name: "Anna", hidden: false, created: 1 };
    const server = serve();
    render(<NewTable game={ufo} />);
    expect(usable(screen.getByRole("checkbox", { name: /Only my friends/ }))).toBe(true);
    const low = screen.getByLabelText("Lowest rating") as HTMLInputElement;
    const high = screen.getByLabelText("Highest rating") as HTMLInputElement;
    expect(usable(low) && usable(high)).toBe(true);
    fireEvent.input(low, { target: { value: "1400" } });
    fireEvent.input(high, { target: { value: "1700" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /Only my friends/ }));
    fireEvent.click(screen.getByRole("button", { name: "Create table" }));
    await waitFor(() => expect(server.sent("POST /api/tables").length).toBe(1));
    expect(server.sent("POST /api/tables")[0]).toMatchObject({
      min_rating: 1400,
      max_rating: 1700,
      friends_only: true,
    });
  });

  it("left empty, the table is for anyone and says nothing of it", async () => {
    account.value = { name: "Anna", hidden: false, created: 1 };
    const server = serve();
    render(<NewTable game={ufo} />);
    const high = screen.getByLabelText("Highest rating") as HTMLInputElement;
    fireEvent.input(high, { target: { value: "1700" } });
    fireEvent.input(high, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Create table" }));
    await waitFor(() => expect(server.sent("POST /api/tables").length).toBe(1));
    const sent = server.sent("POST /api/tables")[0] as Record<string, unknown>;
    expect(sent).not.toHaveProperty("min_rating");
    expect(sent).not.toHaveProperty("max_rating");
    expect(sent).not.toHaveProperty("friends_only");
  });

  it("says it in Italian and Korean", () => {
    account.value = { name: "Anna", hidden: false, created: 1 };
    lang.value = "it";
    const { unmount } = render(<NewTable game={ufo} />);
    expect(usable(screen.getByLabelText("Punteggio minimo"))).toBe(true);
    unmount();
    lang.value = "ko";
    render(<NewTable game={ufo} />);
    expect(usable(screen.getByLabelText("최고 레이팅"))).toBe(true);
  });
});
