// The interface's own strings in three parts per language: the lobby's and
// the header's in strings/<lang>.ts, the other pages' (table, chat, end
// screen, replay, forms, account) in strings/<lang>.pages.ts, and the
// server's refusals in strings/<lang>.refusals.ts (en is the reference: the
// others must have its keys). Each is a chunk of its own: a browser loads
// only the language in use (main.tsx waits for the first part before the
// first paint, so no other language flashes), and another one when the
// person switches to it (setLang waits for it before switching). The pages'
// and the refusals' words are loaded after the first paint and with every
// page but the lobby (lazy.tsx; at a table's address at once, main.tsx);
// until then a refusal shows the server's own words (refusal.ts). Each game's screen has its own
// catalog in src/games/<game>/strings.ts.
import { fill, lang, touch, touchWords, whenSwitching } from "./i18n";
import type { Lang } from "./protocol";
import type { MainKey } from "./strings/en";
import type { PageKey } from "./strings/en.pages";
import type { RefusalKey } from "./strings/en.refusals";

export type UiKey = MainKey | PageKey | RefusalKey;

type Part = "main" | "pages" | "refusals";
type Words = Partial<Record<UiKey, string>>;

const loaders: Record<Part, Record<Lang, () => Promise<{ default: Words }>>> = {
  main: {
    en: () => import("./strings/en"),
    it: () => import("./strings/it"),
    ko: () => import("./strings/ko"),
  },
  pages: {
    en: () => import("./strings/en.pages"),
    it: () => import("./strings/it.pages"),
    ko: () => import("./strings/ko.pages"),
  },
  refusals: {
    en: () => import("./strings/en.refusals"),
    it: () => import("./strings/it.refusals"),
    ko: () => import("./strings/ko.refusals"),
  },
};

// The words of each language loaded so far, both parts in one record.
const loaded: Partial<Record<Lang, Words>> = {};
const done = new Set<string>();
const loading = new Map<string, Promise<void>>();

function loadPart(part: Part, l: Lang): Promise<void> {
  const id = `${part}/${l}`;
  if (done.has(id)) return Promise.resolve();
  let p = loading.get(id);
  if (!p) {
    p = loaders[part][l]().then(
      (m) => {
        loaded[l] = { ...loaded[l], ...m.default };
        done.add(id);
      },
      (e: unknown) => {
        loading.delete(id);
        throw e;
      },
    );
    loading.set(id, p);
  }
  return p;
}

/** Loads the interface's catalog of `l` (once); resolves when t() speaks `l`. */
export function loadUi(l: Lang): Promise<void> {
  return loadPart("main", l);
}

/** Loads the pages' and the refusals' words of `l` (once): every page but the lobby waits for them. */
export function loadRefusals(l: Lang): Promise<void> {
  return Promise.all([loadPart("pages", l), loadPart("refusals", l)]).then(() => undefined);
}

/** Makes `catalog` the words of `l` at once (the tests, which have every language). */
export function provideUi(l: Lang, catalog: Record<UiKey, string>): void {
  loaded[l] = catalog;
  done.add(`main/${l}`);
  done.add(`pages/${l}`);
  done.add(`refusals/${l}`);
}

// A switch of language waits for its catalog (i18n.ts, setLang), and for its
// refusals' words once they were loaded for the language before.
whenSwitching((l) => {
  const parts: Part[] = done.has(`refusals/${lang.peek()}`) ? ["main", "pages", "refusals"] : ["main"];
  const missing = parts.filter((p) => !done.has(`${p}/${l}`));
  return missing.length === 0 ? null : Promise.all(missing.map((p) => loadPart(p, l))).then(() => undefined);
});

/** Whether `key` is one of the interface's keys (every catalog has the same). */
export function isUiKey(key: string): key is UiKey {
  const c = loaded[lang.value] ?? loaded.en;
  return c !== undefined && key in c;
}

/**
 * The interface's text for `key` in the current language, its placeholders
 * filled ("tap" for "click" on a touch screen). Before any catalog is loaded (never on a painted screen) the key itself.
 */
export function t(key: UiKey, args?: Record<string, string | number>): string {
  const text = fill(loaded[lang.value]?.[key] ?? loaded.en?.[key] ?? key, args);
  return touch.value ? touchWords(text, lang.value) : text;
}
