// Every catalog of the client is complete: the interface's (strings.ts) and
// each game screen's (src/games/<game>/strings.ts, found here by name): the
// same keys in en, it and ko, none empty, the same {placeholders}, well-formed
// plural blocks. Counts follow each language's plural rules, as the engine's.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGS } from "./protocol";
import { fill, lang, patternParts, patternProblems, placeholders, pluralCategory } from "./i18n";
import { ui } from "./strings/all";

type AnyCatalog = Record<string, Record<string, string>>;

function isCatalog(v: unknown): v is AnyCatalog {
  return (
    typeof v === "object" && v !== null && LANGS.every((l) => typeof (v as Record<string, unknown>)[l] === "object")
  );
}

function checkCatalog(name: string, c: AnyCatalog) {
  const en = Object.keys(c.en).sort();
  expect(en.length, `${name} has keys`).toBeGreaterThan(0);
  for (const l of LANGS) {
    expect(Object.keys(c[l]).sort(), `${name}: the keys of ${l}`).toEqual(en);
    for (const k of en) {
      expect(typeof c[l][k] === "string" && c[l][k].trim().length > 0, `${name}: ${l} ${k} is not empty`).toBe(true);
      expect(patternProblems(c[l][k], l), `${name}: ${l} ${k}`).toEqual([]);
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
    expect(fill("{{literal}} {n}", { n: 3 })).toBe("{literal} 3");
  });

  it("the games' own catalogs (the engine's, which the screens import) read the same here", () => {
    const games = join(import.meta.dirname, "../../games");
    for (const dir of readdirSync(games)) {
      let text: string;
      try {
        text = readFileSync(join(games, dir, "data/messages.json"), "utf8");
      } catch {
        continue;
      }
      const c = JSON.parse(text) as Record<string, Record<string, string>>;
      for (const [key, m] of Object.entries(c))
        for (const l of LANGS) {
          expect(patternProblems(m[l], l), `${dir} ${key} ${l}`).toEqual([]);
          expect(placeholders(m[l]), `${dir} ${key} ${l}`).toEqual(placeholders(m.en));
        }
    }
  });
});

describe("counts on the screens", () => {
  it("read right for one and for more, in each language", async () => {
    const fc = (await import("./games/first-contact/strings")).catalog;
    const fg = (await import("./games/first-giants/strings")).catalog;
    const ufo = (await import("./games/ufo/strings")).catalog;
    expect(fill(fc.it["fc.notes_waiting"], { n: 1 }, "it")).toBe(
      "1 modifica agli appunti in attesa: il tavolo la registra quando tocca di nuovo a te.",
    );
    expect(fill(fc.it["fc.notes_waiting"], { n: 2 }, "it")).toMatch(
      /^2 modifiche agli appunti in attesa: il tavolo le/,
    );
    expect(fill(fc.en["fc.tokens"], { n: 1 }, "en")).toBe("1 token");
    expect(fill(fc.en["fc.tokens"], { n: 0 }, "en")).toBe("0 tokens");
    expect(fill(fg.en["fg.deck_left"], { n: 1 }, "en")).toBe("1 card left");
    expect(fill(fg.it["fg.deck_left"], { n: 1 }, "it")).toBe("1 carta rimasta");
    expect(fill(ufo.it["city.slots"], { n: 1 }, "it")).toBe("posto per 1 ristorante");
    expect(fill(ufo.en["city.slots"], { n: 2 }, "en")).toBe("room for 2 restaurants");
    expect(fill(ufo.ko["city.slots"], { n: 1 }, "ko")).toBe("식당 자리 1개");
    expect(fill(ui.en["my.count"], { n: 1 }, "en")).toBe("Your turn at 1 table");
    expect(fill(ui.it["lobby.seats_free"], { n: 1 }, "it")).toBe("1 posto libero");
    expect(fill(ui.it["lobby.seats_free"], { n: 3 }, "it")).toBe("3 posti liberi");
  });
});

describe("plural blocks", () => {
  const steps = {
    en: "{seat} pushes {n, plural, one {# step} other {# steps}}",
    it: "{seat} spinge di {n, plural, one {# passo} other {# passi}}",
    ko: "{seat} {n}칸 밀어냄",
  };
  const helpers = {
    en: "{n, plural, =0 {no helper} one {one helper of {seat}} other {# helpers of {seat}}}",
    it: "{n, plural, =0 {nessun aiuto} one {un aiuto di {seat}} other {# aiuti di {seat}}}",
    ko: "{seat}의 돕는 UFO {n}대",
  };

  it("English and Italian: one for 1, other for 0 and 2; Korean always other", () => {
    expect(fill(steps.en, { seat: "Ana", n: 1 }, "en")).toBe("Ana pushes 1 step");
    expect(fill(steps.en, { seat: "Ana", n: 0 }, "en")).toBe("Ana pushes 0 steps");
    expect(fill(steps.en, { seat: "Ana", n: 2 }, "en")).toBe("Ana pushes 2 steps");
    expect(fill(steps.en, { seat: "Ana", n: "1.0" }, "en")).toBe("Ana pushes 1.0 steps");
    expect(fill(steps.it, { seat: "Ana", n: 1 }, "it")).toBe("Ana spinge di 1 passo");
    expect(fill(steps.it, { seat: "Ana", n: 0 }, "it")).toBe("Ana spinge di 0 passi");
    expect(fill(steps.it, { seat: "Ana", n: "2" }, "it")).toBe("Ana spinge di 2 passi");
    expect(fill(steps.ko, { seat: "Ana", n: 1 }, "ko")).toBe("Ana 1칸 밀어냄");
    for (const n of ["0", "1", "2", "1000000"]) expect(pluralCategory("ko", n)).toBe("other");
    expect(pluralCategory("it", "1000000")).toBe("many");
    expect(pluralCategory("en", "21")).toBe("other");
    expect(pluralCategory("en", "lots")).toBe("other");
  });

  it("exact matches first, placeholders inside branches", () => {
    expect(fill(helpers.en, { seat: "Bo", n: 0 }, "en")).toBe("no helper");
    expect(fill(helpers.en, { seat: "Bo", n: 1 }, "en")).toBe("one helper of Bo");
    expect(fill(helpers.en, { seat: "Bo", n: 3 }, "en")).toBe("3 helpers of Bo");
    expect(fill(helpers.it, { seat: "Bo", n: 1 }, "it")).toBe("un aiuto di Bo");
    expect(fill(helpers.it, { seat: "Bo", n: 4 }, "it")).toBe("4 aiuti di Bo");
    expect(fill(helpers.ko, { seat: "Bo", n: 1 }, "ko")).toBe("Bo의 돕는 UFO 1대");
    expect(fill("{n, plural, one {# x} other {# xs}}", {}, "en")).toBe("{n} xs");
    expect(fill("# {{#}} {n}", { n: 2 }, "en")).toBe("# {#} 2");
    for (const l of LANGS) {
      expect(placeholders(helpers[l])).toEqual(["n", "seat"]);
      expect(patternProblems(helpers[l], l)).toEqual([]);
    }
  });

  it("follows the current language by default", () => {
    const before = lang.value;
    lang.value = "it";
    expect(fill(steps.it, { seat: "Ana", n: 1 })).toBe("Ana spinge di 1 passo");
    lang.value = before;
  });

  it("refuses malformed blocks, as the engine's check()", () => {
    const refused = (p: string, why: string) => {
      const problems = patternProblems(p, "en");
      expect(problems.length, p).toBe(1);
      expect(problems[0], p).toContain(why);
    };
    expect(patternProblems("{n, plural, one {# step} other {# steps}}", "en")).toEqual([]);
    expect(patternProblems("{n, plural, =0 {none} other {#}} and {{braces}}", "en")).toEqual([]);
    refused("{n, plural, one {# step}}", "no 'other' branch");
    refused("{n, plural, one {# step} other {# steps}", "not closed");
    refused("{n, plural, one {# step} other {# steps}}}", "closes nothing");
    refused("{n, plural, one {# step other {# steps}}", "no placeholder name");
    refused("{n, plural, single {# step} other {# steps}}", "unknown category 'single'");
    refused("{n, plural, one {a} one {b} other {c}}", "two 'one' branches");
    refused("{n, plural, one # step other # steps}", "has no {text}");
    refused("{n, plural, = {x} other {y}}", "'=' without a number");
    refused("{n, number}", "no plural block");
    refused("{n, plural one {a} other {b}}", "needs a ','");
    refused("{ } steps", "no placeholder name");
    refused("{n, plural, few {# steps} other {# steps}}", "'few' branch");
    expect(patternProblems("{n, plural, one {a} other {b}}", "ko")[0]).toContain("'one' branch");
    // A malformed pattern still gets its placeholders.
    expect(fill("{{{n}}} of {seat, plural, one {x}}", { n: 1 }, "en")).toBe("{1} of {seat, plural, one {x}}");
  });

  it("splits a pattern into text and arguments for reading filled texts back", () => {
    expect(patternParts("{seat} pushes {n, plural, one {# step} other {# steps}}")).toEqual([
      { name: "seat", plural: false },
      " pushes ",
      { name: "n", plural: true },
    ]);
  });
});
