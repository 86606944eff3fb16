import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGS } from "./protocol";
import { SEAT_PATTERNS, nameSeats } from "./seatnames";

const catalog = (dir: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, "../../games", dir, "data/messages.json"), "utf8")) as Record<
    string,
    Record<string, string>
  >;

describe("seat names in event words", () => {
  it("the patterns are the games' own catalog entries", () => {
    const dirs: Record<string, string> = { ufo: "ufo", "first-giants": "first_giants" };
    for (const [game, dir] of Object.entries(dirs))
      for (const l of LANGS) expect(SEAT_PATTERNS[game][l], `${game} ${l}`).toBe(catalog(dir).seat[l]);
    // First Contact's roles carry the seat: "earthling 1 (seat 2, you)".
    const fc = catalog("first_contact");
    for (const l of LANGS) {
      const seat = SEAT_PATTERNS["first-contact"][l].replace("{n}", "{seat}");
      expect(fc.who[l], l).toContain(seat);
      expect(fc.who_you[l], l).toContain(seat);
    }
  });

  it("names every seat of the pattern, whole numbers only", () => {
    const names = ["Anna", "Bot 2", "Ben"];
    expect(nameSeats("seat 1 moves UFO 2 (Standard, seat 0) from Rome to Tivoli", "ufo", "en", names)).toBe(
      "Bot 2 moves UFO 2 (Standard, Anna) from Rome to Tivoli",
    );
    expect(nameSeats("seat 12 wins", "ufo", "en", names)).toBe("seat 12 wins");
    expect(nameSeats("giocatore 2 apre un ristorante", "ufo", "it", names)).toBe("Ben apre un ristorante");
    expect(nameSeats("0번 자리 (나) 발굴", "first-giants", "ko", names)).toBe("Anna (나) 발굴");
    expect(nameSeats("플레이어 1 차례", "ufo", "ko", names)).toBe("Bot 2 차례");
    expect(nameSeats("earthling 1 (seat 2, you) offers", "first-contact", "en", names)).toBe(
      "earthling 1 (Ben, you) offers",
    );
  });

  it("leaves games without a pattern and other words alone", () => {
    expect(nameSeats("seat 1 offers", "toy", "en", ["A", "B"])).toBe("seat 1 offers");
    expect(nameSeats("the seat 1 is", "ufo", "it", ["A", "B"])).toBe("the seat 1 is");
  });
});
