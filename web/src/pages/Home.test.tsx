// The home page's lists (GET /api/tables): the lobbies one may
// join and the games one may watch, each a page at a time with its own
// previous and next controls, in the person's language.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../fakeserver";
import { lang } from "../i18n";
import type { GameInfo, TableSummary } from "../protocol";
import { Home, TABLES_PER_PAGE } from "./Home";
import { shown, usable } from "../testing";

const ufo: GameInfo = {
  name: "ufo",
  title: "Ufo!",
  min_players: 2,
  max_players: 5,
  params: [],
  bots: ["heuristic"],
  default_bot: "heuristic",
};

function lobby(i: number): TableSummary {
  return { id: `l${i}`, game: "ufo", title: "Ufo!", players: 5, phase: "lobby", free_seats: 4, public: true };
}

/** A server holding `n` lobbies and one game being played, answering pages as the real one does. */
function serve(n: number) {
  const lobbies = Array.from({ length: n }, (_, i) => lobby(i));
  const routes: Record<string, () => unknown> = {
    [`GET /api/tables?phase=playing&page=1&limit=${TABLES_PER_PAGE}`]: () => ({
      tables: [{ ...lobby(99), id: "g1", phase: "playing", free_seats: 0, watching: 3 }],
      total: 1,
    }),
  };
  for (let page = 1; page <= Math.ceil(n / TABLES_PER_PAGE) + 1; page++)
    routes[`GET /api/tables?phase=lobby&page=${page}&limit=${TABLES_PER_PAGE}`] = () => ({
      tables: lobbies.slice((page - 1) * TABLES_PER_PAGE, page * TABLES_PER_PAGE),
      phase: "lobby",
      page,
      limit: TABLES_PER_PAGE,
      total: n,
    });
  return fakeServer(routes);
}

beforeEach(() => {
  lang.value = "en";
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the home page's lists", () => {
  it("shows the lobbies to join apart from the games to watch", async () => {
    serve(3);
    render(<Home games={[ufo]} />);
    const open = await waitFor(() => {
      const list = document.querySelector<HTMLElement>('[data-list="lobby"]');
      expect(list?.querySelectorAll("li").length).toBe(3);
      return list!;
    });
    expect(within(open).getByRole("heading").textContent).toBe("Open tables");
    expect(within(open).getAllByRole("link", { name: "Join" }).length).toBe(3);
    expect(open.querySelector("nav")).toBeNull();
    const watch = document.querySelector<HTMLElement>('[data-list="playing"]')!;
    await waitFor(() => expect(watch.querySelector('[data-table="g1"]')).toBeTruthy());
    expect(within(watch).getByRole("heading").textContent).toBe("Games to watch");
    expect(within(watch).getByRole("link", { name: "Watch" }).getAttribute("href")).toBe("#/t/g1");
    expect(watch.textContent).toContain("3 watching");
  });

  it("each game's card leads to that game's leaderboard (on a phone the header has no room for it)", async () => {
    serve(0);
    render(<Home games={[ufo]} />);
    const card = document.querySelector<HTMLElement>('article[data-game="ufo"]')!;
    expect(within(card).getByRole("link", { name: "Leaderboards" }).getAttribute("href")).toBe("#/leaderboards/ufo");
  });

  it("goes through the pages with previous and next", async () => {
    const server = serve(25);
    render(<Home games={[ufo]} />);
    const open = await waitFor(() => {
      const list = document.querySelector<HTMLElement>('[data-list="lobby"]');
      expect(list?.querySelector('[data-table="l0"]')).toBeTruthy();
      return list!;
    });
    const nav = within(open).getByRole("navigation", { name: "Open tables" });
    expect(nav.textContent).toContain("Page 1 of 3");
    const previous = within(nav).getByRole("button", { name: "Previous" }) as HTMLButtonElement;
    const next = within(nav).getByRole("button", { name: "Next" }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(next);
    await waitFor(() => expect(open.querySelector('[data-table="l10"]')).toBeTruthy());
    expect(open.querySelector('[data-table="l0"]')).toBeNull();
    expect(nav.textContent).toContain("Page 2 of 3");
    fireEvent.click(next);
    await waitFor(() => expect(open.querySelectorAll("li").length).toBe(5));
    expect(next.disabled).toBe(true);
    fireEvent.click(previous);
    await waitFor(() => expect(nav.textContent).toContain("Page 2 of 3"));
    expect(server.calls.map((c) => c.path)).toContain(`/api/tables?phase=lobby&page=3&limit=${TABLES_PER_PAGE}`);
  });

  it("says it in Italian and Korean too", async () => {
    serve(12);
    lang.value = "it";
    const { unmount } = render(<Home games={[ufo]} />);
    expect(shown(await screen.findByText("Pagina 1 di 2"))).toBe(true);
    expect(usable(screen.getByRole("button", { name: "Successivi" }))).toBe(true);
    expect(shown(screen.getByText("Partite da guardare"))).toBe(true);
    unmount();
    lang.value = "ko";
    render(<Home games={[ufo]} />);
    expect(shown(await screen.findByText("2쪽 중 1쪽"))).toBe(true);
    expect(usable(screen.getByRole("button", { name: "다음" }))).toBe(true);
  });

  it("tells when there is nothing to join or watch", async () => {
    fakeServer({
      [`GET /api/tables?phase=lobby&page=1&limit=${TABLES_PER_PAGE}`]: () => ({ tables: [], total: 0 }),
      [`GET /api/tables?phase=playing&page=1&limit=${TABLES_PER_PAGE}`]: () => ({ tables: [], total: 0 }),
    });
    render(<Home games={[ufo]} />);
    expect(shown(await screen.findByText("No open tables right now. Start one!"))).toBe(true);
    expect(shown(await screen.findByText("No games are being played right now."))).toBe(true);
  });

  it("chooses the open tables by game, language, speed, rating, seats and order, from the first page", async () => {
    const base = `/api/tables?phase=lobby&page=1&limit=${TABLES_PER_PAGE}`;
    const forRange: TableSummary = {
      ...lobby(7),
      id: "r1",
      turn_based: true,
      languages: ["it"],
      audience: { min_rating: 1400, max_rating: null, friends_only: true },
      host_rating: 1712,
    };
    const server = fakeServer({
      [`GET ${base}`]: () => ({ tables: [lobby(1)], total: 1 }),
      [`GET ${base}&game=ufo`]: () => ({ tables: [lobby(1)], total: 1 }),
      [`GET ${base}&game=ufo&lang=it`]: () => ({ tables: [lobby(1)], total: 1 }),
      [`GET ${base}&game=ufo&lang=it&speed=turn_based`]: () => ({ tables: [forRange], total: 1 }),
      [`GET ${base}&game=ufo&lang=it&speed=turn_based&rated=false`]: () => ({ tables: [forRange], total: 1 }),
      [`GET ${base}&game=ufo&lang=it&speed=turn_based&rated=false&seats=2`]: () => ({ tables: [forRange], total: 1 }),
      [`GET ${base}&game=ufo&lang=it&speed=turn_based&rated=false&seats=2&sort=host_rating`]: () => ({
        tables: [forRange],
        total: 1,
      }),
      [`GET /api/tables?phase=playing&page=1&limit=${TABLES_PER_PAGE}`]: () => ({ tables: [], total: 0 }),
    });
    render(<Home games={[ufo]} />);
    const open = await waitFor(() => {
      const list = document.querySelector<HTMLElement>('[data-list="lobby"]');
      expect(list?.querySelector('[data-table="l1"]')).toBeTruthy();
      return list!;
    });
    const filters = within(open).getByRole("group", { name: "Choose a table" });
    expect((within(filters).getByLabelText("Sort by") as HTMLSelectElement).value).toBe("waiting");
    expect((within(filters).getByLabelText("Free seats") as HTMLSelectElement).value).toBe("1");
    const pick = (label: string, value: string) => {
      const select = within(filters).getByLabelText(label) as HTMLSelectElement;
      expect(usable(select)).toBe(true);
      fireEvent.change(select, { target: { value } });
    };
    pick("Game", "ufo");
    pick("Table language", "it");
    pick("Speed", "turn_based");
    pick("Rated", "false");
    pick("Free seats", "2");
    pick("Sort by", "host_rating");
    await waitFor(() => expect(open.querySelector('[data-table="r1"]')).toBeTruthy());
    expect(open.querySelector('[data-table="r1"]')!.textContent).toContain(
      "turn-based · for ratings 1400–4000 · host's friends only · host 1712",
    );
    const asked = server.calls.map((c) => c.path).filter((p) => p.startsWith("/api/tables?phase=lobby"));
    expect(asked.at(-1)).toBe(`${base}&game=ufo&lang=it&speed=turn_based&rated=false&seats=2&sort=host_rating`);
    expect(asked.every((p) => p.includes("&page=1&"))).toBe(true);
    // The games to watch have no filters.
    const watch = document.querySelector<HTMLElement>('[data-list="playing"]')!;
    expect(within(watch).queryByRole("group")).toBeNull();
  });

  it("names the filters in Italian and Korean", async () => {
    serve(1);
    lang.value = "it";
    const { unmount } = render(<Home games={[ufo]} />);
    expect(usable(await screen.findByLabelText("Ritmo"))).toBe(true);
    expect((screen.getByRole("option", { name: "A turni (in più giorni)" }) as HTMLOptionElement).value).toBe(
      "turn_based",
    );
    unmount();
    lang.value = "ko";
    render(<Home games={[ufo]} />);
    expect(usable(await screen.findByLabelText("빈자리"))).toBe(true);
    expect((screen.getByRole("option", { name: "방장 레이팅순" }) as HTMLOptionElement).value).toBe("host_rating");
  });
});
