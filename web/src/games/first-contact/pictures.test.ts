// Every item of every edition has a picture shipped with the client: a
// Twemoji file or one of the project's own drawings (pictures/), never a
// character left to the device's emoji font.
import { existsSync } from "node:fs";
import { basename, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import decksJson from "../../../../games/first_contact/data/decks.json";
import itemsJson from "../../../../games/first_contact/data/items.json";
import { PICTURES, pictureOf } from "./pictures";

interface ItemData {
  id: string;
  set: "base" | "korea" | "en";
  picture: string | null;
}
const items = itemsJson as ItemData[];
const decks = decksJson as Record<"it" | "en" | "ko", string[][]>;

/** The client's editions as the items' sets make them (data/README.md). */
const EDITION_SETS = { it: ["base"], en: ["base", "en"], ko: ["base", "korea"] } as const;

/** Where a picture's import points, on disk (vitest resolves it to a path under the web folder). */
function fileOf(url: string): string {
  const path = url.split("?")[0];
  return path.startsWith("/@fs/") ? path.slice(4) : resolve(__dirname, "../../..", `.${path}`);
}

/** Twemoji's file name of an emoji: its code points in hex, FE0F dropped unless joined by ZWJ. */
function twemojiName(emoji: string): string {
  let cps = [...emoji].map((c) => c.codePointAt(0)!);
  if (!cps.includes(0x200d)) cps = cps.filter((c) => c !== 0xfe0f);
  return cps.map((c) => c.toString(16)).join("-") + ".svg";
}

describe("First Contact's item pictures", () => {
  it("the C++ catalogue's decks have 60 (it), 128 (en) and 80 (ko) cards, of the items the client knows by edition", () => {
    expect(decks.it.length).toBe(60);
    expect(decks.en.length).toBe(128);
    expect(decks.ko.length).toBe(80);
    for (const [edition, sets] of Object.entries(EDITION_SETS)) {
      const faces = new Set(decks[edition as keyof typeof decks].flat());
      const known = items.filter((i) => (sets as readonly string[]).includes(i.set)).map((i) => i.id);
      expect([...faces].sort(), edition).toEqual([...known].sort());
    }
  });

  for (const edition of ["it", "en", "ko"] as const)
    it(`every face of every ${edition} card has its own picture file, shipped with the client`, () => {
      const faces = decks[edition].flat();
      const missing = faces.filter((id) => !pictureOf(id) || !existsSync(fileOf(pictureOf(id)!)));
      expect(missing).toEqual([]);
      // Players tell the 25 items of the field apart: no two items share a picture.
      const files = faces.map((id) => basename(fileOf(pictureOf(id)!)));
      expect(new Set(files).size).toBe(new Set(faces).size);
    });

  it("an item the data gives an emoji shows that emoji's Twemoji drawing", () => {
    for (const i of items.filter((x) => x.picture))
      expect(basename(fileOf(PICTURES[i.id])), i.id).toBe(twemojiName(i.picture!));
  });

  it("a picture is an asset URL, not SVG text in the game's code", () => {
    for (const url of Object.values(PICTURES)) expect(url).toMatch(/\.svg(\?|$)/);
  });
});
