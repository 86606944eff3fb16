// Every First Giants card has a picture shipped with the client (a Twemoji
// file or one of the project's own drawings), never left to the device.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import cardsFile from "../../../../games/first_giants/data/cards.json";
import { CARD_PICTURES } from "./pictures";

const cards = (cardsFile as { cards: { id: number; egg: boolean }[] }).cards;

/** Where a picture's import points, on disk (vitest resolves it to a path under the web folder). */
function fileOf(url: string): string {
  const path = url.split("?")[0];
  return path.startsWith("/@fs/") ? path.slice(4) : resolve(__dirname, "../../..", `.${path}`);
}

describe("First Giants' card pictures", () => {
  it("the C++ catalogue has the 60 cards 0-59", () => {
    expect(cards.map((c) => c.id)).toEqual(Array.from({ length: 60 }, (_, i) => i));
  });

  it("every card has a picture file shipped with the client, as an asset URL", () => {
    const missing = cards.filter((c) => !CARD_PICTURES[c.id] || !existsSync(fileOf(CARD_PICTURES[c.id])));
    expect(missing.map((c) => c.id)).toEqual([]);
    expect(CARD_PICTURES.length).toBe(cards.length);
    for (const url of CARD_PICTURES) expect(url).toMatch(/\.svg(\?|$)/);
  });

  it("the egg cards, and only they, show the nest", () => {
    const nest = CARD_PICTURES[cards.find((c) => c.egg)!.id];
    for (const c of cards) expect(CARD_PICTURES[c.id] === nest, `card ${c.id}`).toBe(c.egg);
  });
});
