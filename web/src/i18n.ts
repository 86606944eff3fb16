// The interface's language. Every string a component shows comes from a
// catalog with the same keys in en, it and ko (the type makes a missing key a
// compile error; i18n.test.ts checks none is empty); the interface's own
// catalogs are loaded one language at a time (strings.ts). Game texts (items,
// cards, cities) come from the game data in the same three languages.
import { signal } from "@preact/signals";
import type { Lang } from "./protocol";
import { LANGS } from "./protocol";

function initialLang(): Lang {
  try {
    const saved = localStorage.getItem("meeple.lang");
    if (saved && (LANGS as readonly string[]).includes(saved)) return saved as Lang;
  } catch {
    // Storage may be unavailable (private mode): fall back to the browser's language.
  }
  const nav = (typeof navigator !== "undefined" ? navigator.language : "en").slice(0, 2);
  return (LANGS as readonly string[]).includes(nav) ? (nav as Lang) : "en";
}

/** The language of the interface and of the game's words; switching redraws everything. */
export const lang = signal<Lang>(initialLang());

/** What a switch to a language waits for: null when it is already there. */
type SwitchWait = (l: Lang) => Promise<void> | null;

const switchWaits: SwitchWait[] = [];

/** Registers what a switch to a language waits for (its catalog's chunk, strings.ts). */
export function whenSwitching(wait: SwitchWait): void {
  switchWaits.push(wait);
}

let switching = 0;

/**
 * Switches the interface to `l` once its words are loaded (at once when they
 * are), so nothing shows a mix of two languages; a later switch wins over one
 * still loading. Resolves when the switch is done (or overtaken, or its words
 * could not be loaded: then the language stays).
 */
export function setLang(l: Lang): Promise<void> {
  const mine = ++switching;
  const apply = () => {
    if (mine !== switching) return;
    lang.value = l;
    try {
      localStorage.setItem("meeple.lang", l);
    } catch {
      // Not remembered, still switched.
    }
    if (typeof document !== "undefined") document.documentElement.lang = l;
  };
  const waits = switchWaits.map((w) => w(l)).filter((w) => w !== null);
  if (waits.length === 0) {
    apply();
    return Promise.resolve();
  }
  return Promise.all(waits).then(apply, () => undefined);
}

/**
 * Whether the person points with a finger (the browser's primary pointer is
 * coarse: a phone or a tablet): then the words say "tap" where they say
 * "click" (touchWords). Follows a change (a tablet's keyboard and mouse).
 */
export const touch = signal<boolean>(coarsePointer());

function coarsePointer(): boolean {
  if (typeof matchMedia !== "function") return false;
  const q = matchMedia("(pointer: coarse)");
  q.addEventListener?.("change", () => (touch.value = q.matches));
  return q.matches;
}

// "Click" in each language and its word for a touch, every form the
// catalogs use. Korean's 클릭하다 and 탭하다 take the same endings.
const TOUCH_WORDS: Record<Lang, [RegExp, string][]> = {
  en: [
    [/\bclick(s|ed|ing)?\b/g, "tap$1"],
    [/\bClick(s|ed|ing)?\b/g, "Tap$1"],
    [/\btap(ed|ing)\b/g, "tapp$1"],
    [/\bTap(ed|ing)\b/g, "Tapp$1"],
  ],
  it: [
    [/\bclicc(a|ano|are|ando|hi|ata|ato|ate|ati)\b/g, "tocc$1"],
    [/\bClicc(a|ano|are|ando|hi|ata|ato|ate|ati)\b/g, "Tocc$1"],
  ],
  ko: [[/클릭/g, "탭"]],
};

/** `text` (in `l`) for a touch screen: "tap" for "click". */
export function touchWords(text: string, l: Lang): string {
  let out = text;
  for (const [re, to] of TOUCH_WORDS[l]) out = out.replace(re, to);
  return out;
}

/** A catalog: one object per language with the same keys. */
export type Catalog<K extends string> = Record<Lang, Record<K, string>>;

/**
 * A message pattern, the syntax of the engine's catalogs (core/i18n.h): text,
 * `{name}` placeholders, `{{` and `}}` for literal braces outside plural
 * blocks, and plural blocks, a subset of ICU MessageFormat:
 * `{n, plural, =0 {no steps} one {# step} other {# steps}}`. The number n
 * chooses `=N` when it is exactly N, else the branch of its plural category
 * in the language (Intl.PluralRules, CLDR's rules, as the engine's
 * plural_category), else `other`; in a branch `#` is n as given.
 */
type PatternNode = string | { arg: string } | { plural: string; branches: Map<string, PatternNode[]> } | { hash: true };

const CATEGORIES = ["zero", "one", "two", "few", "many", "other"];

class PatternError extends Error {}

function parsePattern(p: string): PatternNode[] {
  let pos = 0;
  const fail = (why: string): never => {
    throw new PatternError(`${why} (at character ${pos + 1})`);
  };
  const skipSpace = () => {
    while (pos < p.length && /\s/.test(p[pos])) pos++;
  };
  const word = (re: RegExp): string => {
    const start = pos;
    while (pos < p.length && re.test(p[pos])) pos++;
    return p.slice(start, pos);
  };
  const sequence = (inBranch: boolean): PatternNode[] => {
    const out: PatternNode[] = [];
    let text = "";
    const flush = () => {
      if (text) out.push(text);
      text = "";
    };
    while (pos < p.length) {
      const c = p[pos];
      if (!inBranch && (c === "{" || c === "}") && p[pos + 1] === c) {
        text += c;
        pos += 2;
      } else if (c === "{") {
        flush();
        out.push(argument());
      } else if (c === "}") {
        if (inBranch) break;
        fail("a '}' closes nothing (a literal one is written '}}')");
      } else if (c === "#" && inBranch) {
        flush();
        out.push({ hash: true });
        pos++;
      } else {
        text += c;
        pos++;
      }
    }
    flush();
    return out;
  };
  const argument = (): PatternNode => {
    pos++;
    skipSpace();
    const name = word(/\w/);
    if (!name) fail("a '{' starts no placeholder name (a literal one is written '{{')");
    skipSpace();
    if (p[pos] === "}") {
      pos++;
      return { arg: name };
    }
    if (p[pos] !== ",") fail(`the placeholder {${name}} is not closed`);
    pos++;
    skipSpace();
    const kind = word(/\w/);
    if (kind !== "plural") fail(`{${name}, ${kind}...} is no plural block (the only kind there is)`);
    skipSpace();
    if (p[pos] !== ",") fail(`'{${name}, plural' needs a ',' before its branches`);
    pos++;
    const branches = new Map<string, PatternNode[]>();
    for (;;) {
      skipSpace();
      if (pos >= p.length) fail(`the plural block of ${name} is not closed`);
      if (p[pos] === "}") {
        pos++;
        break;
      }
      let selector: string;
      if (p[pos] === "=") {
        pos++;
        const digits = word(/\d/);
        if (!digits) fail(`the plural block of ${name} has an '=' without a number`);
        selector = `=${digits}`;
      } else {
        selector = word(/[a-z]/);
        if (!selector) fail(`the plural block of ${name} needs a branch such as 'one {...}'`);
        if (!CATEGORIES.includes(selector)) fail(`the plural block of ${name} has the unknown category '${selector}'`);
      }
      if (branches.has(selector)) fail(`the plural block of ${name} has two '${selector}' branches`);
      skipSpace();
      if (p[pos] !== "{") fail(`the '${selector}' branch of ${name} has no {text}`);
      pos++;
      const body = sequence(true);
      if (pos >= p.length) fail(`the '${selector}' branch of ${name} is not closed`);
      pos++;
      branches.set(selector, body);
    }
    if (!branches.has("other")) fail(`the plural block of ${name} has no 'other' branch`);
    return { plural: name, branches };
  };
  return sequence(false);
}

const parsed = new Map<string, PatternNode[] | PatternError>();

function parseCached(p: string): PatternNode[] | PatternError {
  let r = parsed.get(p);
  if (r === undefined) {
    try {
      r = parsePattern(p);
    } catch (e) {
      if (!(e instanceof PatternError)) throw e;
      r = e;
    }
    parsed.set(p, r);
  }
  return r;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The CLDR plural category of `n`, a decimal written as in the text ("1", "1.5"), in `l`. */
export function pluralCategory(l: string, n: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(n)) return "other";
  const v = Math.min(n.includes(".") ? n.length - n.indexOf(".") - 1 : 0, 20);
  const key = `${l}/${v}`;
  let rules = pluralRules.get(key);
  if (!rules) {
    // "1.0" is not "1": CLDR's v, the fraction digits shown, counts.
    rules = new Intl.PluralRules(l, { minimumFractionDigits: v });
    pluralRules.set(key, rules);
  }
  return rules.select(Number(n));
}

function render(nodes: PatternNode[], args: Record<string, string | number>, l: string, hash: string): string {
  let out = "";
  for (const n of nodes) {
    if (typeof n === "string") out += n;
    else if ("hash" in n) out += hash;
    else if ("arg" in n) out += n.arg in args ? String(args[n.arg]) : `{${n.arg}}`;
    else {
      const value = n.plural in args ? String(args[n.plural]) : `{${n.plural}}`;
      let branch: PatternNode[] | undefined;
      if (/^\d+$/.test(value))
        for (const [sel, body] of n.branches)
          if (sel.startsWith("=") && Number(sel.slice(1)) === Number(value)) branch = body;
      branch ??= n.branches.get(pluralCategory(l, value)) ?? n.branches.get("other") ?? [];
      out += render(branch, args, l, value);
    }
  }
  return out;
}

/**
 * Fills a pattern's placeholders and plural blocks in `l` (the current
 * language by default), as the engine's fill. A malformed pattern (the tests
 * refuse it) only has its `{name}` placeholders filled.
 */
export function fill(text: string, args: Record<string, string | number> = {}, l: Lang = lang.value): string {
  if (!text.includes("{") && !text.includes("}")) return text;
  const nodes = parseCached(text);
  if (nodes instanceof PatternError)
    return text.replace(/\{\{|\}\}|\{([^{}]*)\}/g, (m, k: string | undefined) =>
      k === undefined ? m[0] : k in args ? String(args[k]) : m,
    );
  return render(nodes, args, l, "");
}

/** The placeholder names of a pattern (plural blocks' and those in their branches too), sorted and distinct. */
export function placeholders(text: string): string[] {
  const nodes = parseCached(text);
  if (nodes instanceof PatternError) return [];
  const names = new Set<string>();
  const walk = (ns: PatternNode[]) => {
    for (const n of ns) {
      if (typeof n === "string" || "hash" in n) continue;
      if ("arg" in n) names.add(n.arg);
      else {
        names.add(n.plural);
        for (const b of n.branches.values()) walk(b);
      }
    }
  };
  walk(nodes);
  return [...names].sort();
}

/**
 * What is wrong with a pattern in `l`, as the engine's Catalog::check: a
 * malformed one, or a plural branch of a category `l` never selects. Empty if nothing.
 */
export function patternProblems(text: string, l: string): string[] {
  const nodes = parseCached(text);
  if (nodes instanceof PatternError) return [`malformed: ${nodes.message}`];
  const categories = new Intl.PluralRules(l).resolvedOptions().pluralCategories as string[];
  const problems: string[] = [];
  const walk = (ns: PatternNode[]) => {
    for (const n of ns) {
      if (typeof n === "string" || "hash" in n || "arg" in n) continue;
      for (const [sel, body] of n.branches) {
        if (!sel.startsWith("=") && !categories.includes(sel))
          problems.push(`a '${sel}' branch, a plural category ${l} never selects`);
        walk(body);
      }
    }
  };
  walk(nodes);
  return problems;
}

/**
 * A pattern's top-level parts: literal text, and each placeholder or plural
 * block by its name (for reading a filled text back, as dice.ts does).
 */
export function patternParts(text: string): (string | { name: string; plural: boolean })[] {
  const nodes = parseCached(text);
  if (nodes instanceof PatternError) return [text];
  return nodes.map((n) =>
    typeof n === "string"
      ? n
      : "hash" in n
        ? "#"
        : "arg" in n
          ? { name: n.arg, plural: false }
          : { name: n.plural, plural: true },
  );
}

/** Makes a translate function for one catalog that follows the current language (and a touch screen's words). */
export function translator<K extends string>(catalog: Catalog<K>) {
  return (key: K, args?: Record<string, string | number>): string => {
    const text = fill(catalog[lang.value][key], args);
    return touch.value ? touchWords(text, lang.value) : text;
  };
}

/** A text given in the three languages (game data), in the current one. */
export function pick(texts: Partial<Record<Lang, string>> | undefined, fallback = ""): string {
  if (!texts) return fallback;
  return texts[lang.value] ?? texts.en ?? fallback;
}
