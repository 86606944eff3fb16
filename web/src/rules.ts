// The players' rules (docs/rules/<game>.<lang>.md) as HTML, with an anchor on
// each section. The three languages of a game have the same sections in the
// same order, so a section's anchor is the slug of its English title in every
// language: #/rules/ufo/your-turn opens "Il tuo turno" in Italian. Lives in
// the rules page's lazy chunk (with the markdown parser).
import { Marked, type Token, type Tokens } from "marked";

export interface RulesSection {
  id: string;
  title: string;
}

export interface RenderedRules {
  title: string;
  html: string;
  sections: RulesSection[];
}

/** "End and score" -> "end-and-score"; letters of any script are kept. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

function headings(tokens: Token[], depth: number): Tokens.Heading[] {
  return tokens.filter((t): t is Tokens.Heading => t.type === "heading" && (t as Tokens.Heading).depth === depth);
}

/** Sections about the terminal (`meeple play`) are not for the browser. */
function forTerminal(id: string): boolean {
  return id.includes("terminal");
}

/**
 * Renders one language's rules; `english` (the same game's English text)
 * gives the section anchors. Links to other markdown files of the repository
 * (developers' notes) become plain text.
 */
export function renderRules(markdown: string, english: string = markdown): RenderedRules {
  const parser = new Marked({ gfm: true });
  const tokens = parser.lexer(markdown);
  const own = headings(tokens, 2);
  const en = headings(parser.lexer(english), 2);
  const ids = own.map((h, i) => slug(en.length === own.length ? en[i].text : h.text) || `section-${i + 1}`);

  // Drops the terminal's sections (from their heading to the next of depth <= 2).
  const kept: Token[] = [];
  let skipping = false;
  let section = -1;
  const keptIds: RulesSection[] = [];
  const idOf = new Map<Tokens.Heading, string>();
  for (const t of tokens) {
    if (t.type === "heading" && (t as Tokens.Heading).depth <= 2) {
      const h = t as Tokens.Heading;
      if (h.depth === 2) {
        section++;
        skipping = forTerminal(ids[section]);
        if (!skipping) {
          idOf.set(h, ids[section]);
          keptIds.push({ id: ids[section], title: h.text.replace(/[*_`]/g, "") });
        }
      } else skipping = false;
    }
    if (!skipping) kept.push(t);
  }
  const list = Object.assign(kept, { links: tokens.links });

  const title = headings(tokens, 1)[0]?.text ?? "";
  parser.use({
    renderer: {
      heading(this: { parser: { parseInline: (t: Token[]) => string } }, h: Tokens.Heading) {
        const inner = this.parser.parseInline(h.tokens);
        if (h.depth === 1) return ""; // the page shows the title itself
        const id = idOf.get(h);
        return id
          ? `<h${h.depth} id="rules-${id}" data-section="${id}">${inner}</h${h.depth}>\n`
          : `<h${h.depth}>${inner}</h${h.depth}>\n`;
      },
      link(this: { parser: { parseInline: (t: Token[]) => string } }, l: Tokens.Link) {
        const inner = this.parser.parseInline(l.tokens);
        if (!/^[a-z]+:/i.test(l.href) && /\.md(#.*)?$/.test(l.href)) return inner;
        return `<a href="${l.href}" rel="noopener">${inner}</a>`;
      },
    },
  });
  const html = parser.parser(list);
  return { title: title.replace(/[*_`]/g, ""), html, sections: keptIds };
}
