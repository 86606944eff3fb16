// Card names break between syllables with a hyphen, on every browser: the
// soft hyphens the client puts in (a browser without a hyphenation
// dictionary, such as Chromium on Linux, ignores `hyphens: auto`).
import { afterEach, describe, expect, it } from "vitest";
import messagesFile from "../../games/first_giants/data/messages.json";
import { setLang } from "./i18n";
import { SHY, softHyphens } from "./hyphens";

afterEach(() => setLang("en"));

const names = Object.entries(messagesFile as Record<string, Record<string, string>>)
  .filter(([k]) => /^card\.\d+\.name$/.test(k))
  .flatMap(([, v]) => [v.en, v.it]);

describe("soft hyphens in card names", () => {
  it("Giganotosaurus may break only between its syllables", () => {
    expect(softHyphens("Giganotosaurus").split(SHY)).toEqual(["Gi", "ga", "no", "to", "sau", "rus"]);
    expect(softHyphens("Pachycephalosaurus").split(SHY)).toEqual(["Pa", "chy", "ce", "pha", "lo", "sau", "rus"]);
    expect(softHyphens("Rhamphorhynchus").split(SHY)).toEqual(["Rham", "pho", "rhyn", "chus"]);
  });

  it("every word of every card name (en, it) keeps its letters and gets break points at most 8 letters apart", () => {
    expect(names.length).toBe(120);
    for (const name of names) {
      expect(softHyphens(name).replaceAll(SHY, "")).toBe(name);
      for (const word of softHyphens(name).split(" "))
        for (const part of word.split(SHY)) expect(part.length, `${name}: ${part}`).toBeLessThanOrEqual(8);
    }
  });

  it("short words and Korean names are left as they are", () => {
    expect(softHyphens("Smilodon")).toBe("Smilodon");
    expect(softHyphens("Uovo di erbivoro")).toBe("Uovo di erbivoro");
    expect(softHyphens("파키케팔로사우루스")).toBe("파키케팔로사우루스");
  });

  it("the page's language follows the chosen one, so that the browser hyphenates and breaks words by its rules", () => {
    setLang("ko");
    expect(document.documentElement.lang).toBe("ko");
    setLang("it");
    expect(document.documentElement.lang).toBe("it");
  });
});
