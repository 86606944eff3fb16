// Every catalog of the client is complete: the interface's (strings.ts) and
// each game screen's (src/games/<game>/strings.ts, found here by name): the
// same keys in en, it and ko, none empty, the same {placeholders}.
import { describe, expect, it } from "vitest";
import { LANGS } from "./protocol";
import { fill } from "./i18n";
import { ui } from "./strings";

type AnyCatalog = Record<string, Record<string, string>>;

function isCatalog(v: unknown): v is AnyCatalog {
  return (
    typeof v === "object" && v !== null && LANGS.every((l) => typeof (v as Record<string, unknown>)[l] === "object")
  );
}

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

function checkCatalog(name: string, c: AnyCatalog) {
  const en = Object.keys(c.en).sort();
  expect(en.length, `${name} has keys`).toBeGreaterThan(0);
  for (const l of LANGS) {
    expect(Object.keys(c[l]).sort(), `${name}: the keys of ${l}`).toEqual(en);
    for (const k of en) {
      expect(typeof c[l][k] === "string" && c[l][k].trim().length > 0, `${name}: ${l} ${k} is not empty`).toBe(true);
      expect(placeholders(c[l][k]), `${name}: ${l} ${k} has en's placeholders`).toEqual(placeholders(c.en[k]));
    }
  }
}

const gameCatalogs = import.meta.glob("./games/*/strings.ts", { eager: true }) as Record<
  string,
  Record<string, unknown>
>;

describe("catalogs", () => {
  it("the interface's catalog is complete in en, it and ko", () => {
    checkCatalog("strings.ts", ui as unknown as AnyCatalog);
  });

  it("every game screen's catalog is complete in en, it and ko", () => {
    for (const [file, mod] of Object.entries(gameCatalogs)) {
      const found = Object.entries(mod).filter(([, v]) => isCatalog(v));
      expect(found.length, `${file} exports its catalog`).toBeGreaterThan(0);
      for (const [name, c] of found) checkCatalog(`${file} ${name}`, c as AnyCatalog);
    }
  });

  it("an Italian or Korean text is not just the English one left untranslated, beyond a few words", () => {
    // Names, units and symbols may stay the same; most sentences must not.
    const en = ui.en as Record<string, string>;
    for (const l of ["it", "ko"] as const) {
      const same = Object.keys(en).filter((k) => (ui[l] as Record<string, string>)[k] === en[k]);
      expect(same.length, `${l}: ${same.join(", ")}`).toBeLessThan(Object.keys(en).length / 10);
    }
  });

  it("fills placeholders and leaves unknown ones", () => {
    expect(fill("Seat {n} of {m}", { n: 2 })).toBe("Seat 2 of {m}");
  });
});
