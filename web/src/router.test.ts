import { describe, expect, it } from "vitest";
import { href, parseRoute, type Route } from "./router";

describe("routes", () => {
  const routes: Route[] = [
    { page: "home" },
    { page: "my" },
    { page: "new", game: "ufo" },
    { page: "table", id: "94dcf77236c25e43" },
    { page: "replay", id: "94dcf77236c25e43" },
    { page: "rules", game: "first-giants" },
    { page: "rules", game: "ufo", section: "your-turn" },
    { page: "rules", game: "ufo", section: "끝과-점수" },
    { page: "replay", id: "t9", seat: 2 },
    { page: "replay", id: "t9", seat: 0, review: true },
    { page: "account" },
    { page: "player", name: "Anna" },
    { page: "player", name: "김 민수" },
    { page: "playnow", game: "first-contact" },
  ];
  for (const r of routes)
    it(`${href(r)} reads back as the same page`, () => {
      const back = parseRoute(href(r));
      expect(back).toEqual(r.page === "rules" && !r.section ? { ...r, section: undefined } : r);
    });

  it("an invite link is the address with #/t/<table>", () => {
    expect(parseRoute("#/t/abc")).toEqual({ page: "table", id: "abc" });
  });

  it("anything unknown is the home page", () => {
    for (const h of ["", "#", "#/", "#/nope", "#/t", "#/rules", "#/players", "#/play"])
      expect(parseRoute(h)).toEqual({ page: "home" });
  });
});
