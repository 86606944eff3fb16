import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGS } from "./protocol";
import { renderRules, slug } from "./rules";

const doc = (game: string, l: string) =>
  readFileSync(join(import.meta.dirname, "../../docs/rules", `${game}.${l}.md`), "utf8");

describe("rules pages", () => {
  it("slugs keep letters of every script", () => {
    expect(slug("End and **score**")).toBe("end-and-score");
    expect(slug("끝과 점수")).toBe("끝과-점수");
    expect(slug("Cos'è successo?")).toBe("cos-è-successo");
  });

  for (const game of ["ufo", "first-giants", "first-contact"]) {
    it(`${game}: every language has the same section anchors, the English titles' slugs`, () => {
      const en = renderRules(doc(game, "en"));
      expect(en.sections.length).toBeGreaterThan(3);
      for (const l of LANGS) {
        const r = renderRules(doc(game, l), doc(game, "en"));
        expect(r.sections.map((s) => s.id)).toEqual(en.sections.map((s) => s.id));
        expect(r.title.length).toBeGreaterThan(0);
        for (const s of r.sections) expect(r.html).toContain(`id="rules-${s.id}"`);
      }
    });

    it(`${game}: the terminal's section and links to developers' notes are left out`, () => {
      for (const l of LANGS) {
        const r = renderRules(doc(game, l), doc(game, "en"));
        expect(r.sections.some((s) => s.id.includes("terminal"))).toBe(false);
        expect(r.html).not.toMatch(/href="[^"]*\.md"/);
        // The terminal's section is the last one: its first words are not on the page.
        const md = doc(game, l).split("\n");
        const last = md.map((line) => line.startsWith("## ")).lastIndexOf(true);
        const first = md.slice(last + 1).find((line) => line.trim())!;
        expect(r.html).not.toContain(first.split(" ").slice(0, 3).join(" ").replace(/[`*]/g, ""));
      }
    });
  }

  it("renders lists, emphasis and nested items", () => {
    const r = renderRules("# T\n\n## A b\n1. **Move.** x\n   - one\n   - two\n\n## At the terminal\nsecret\n");
    expect(r.sections).toEqual([{ id: "a-b", title: "A b" }]);
    expect(r.html).toContain("<strong>Move.</strong>");
    expect(r.html).toMatch(/<ol>[\s\S]*<ul>[\s\S]*<li>two<\/li>/);
    expect(r.html).not.toContain("secret");
  });
});
