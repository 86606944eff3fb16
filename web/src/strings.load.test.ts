// The interface's words come one language at a time (strings.ts): a fresh
// page has none until its language's catalog is loaded, and a switch of
// language waits for the new catalog, so no screen mixes two languages.
import { beforeEach, describe, expect, it, vi } from "vitest";

type Strings = typeof import("./strings");
type I18n = typeof import("./i18n");

let s: Strings;
let i18n: I18n;

beforeEach(async () => {
  // Without ./strings/all, which the other test files get from test-setup.ts.
  vi.resetModules();
  localStorage.setItem("meeple.lang", "it");
  i18n = await import("./i18n");
  s = await import("./strings");
});

describe("the interface's catalogs, loaded per language", () => {
  it("starts in the saved language and speaks it once its catalog is loaded", async () => {
    expect(i18n.lang.value).toBe("it");
    expect(s.t("nav.home")).toBe("nav.home");
    await s.loadUi("it");
    expect(s.t("nav.home")).toBe("Giochi");
    expect(s.isUiKey("nav.home")).toBe(true);
    expect(s.isUiKey("nav.nowhere")).toBe(false);
  });

  it("a switch waits for the new language's words, then switches everything at once", async () => {
    await s.loadUi("it");
    const done = i18n.setLang("ko");
    // Still Italian while Korean loads: not the keys, not English.
    expect(i18n.lang.value).toBe("it");
    expect(s.t("nav.home")).toBe("Giochi");
    await done;
    expect(i18n.lang.value).toBe("ko");
    expect(s.t("nav.home")).toBe("게임");
    expect(localStorage.getItem("meeple.lang")).toBe("ko");
    expect(document.documentElement.lang).toBe("ko");
  });

  it("the later of two switches wins, whichever catalog arrives first", async () => {
    await s.loadUi("it");
    const toKo = i18n.setLang("ko");
    const toEn = i18n.setLang("en");
    await Promise.all([toEn, toKo]);
    expect(i18n.lang.value).toBe("en");
    expect(s.t("nav.home")).toBe("Games");
  });

  it("a switch to a loaded language is immediate", async () => {
    await s.loadUi("en");
    await s.loadUi("it");
    void i18n.setLang("en");
    expect(i18n.lang.value).toBe("en");
  });
});
