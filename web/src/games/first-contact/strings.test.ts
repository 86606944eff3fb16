// First Contact's screen words: every key in en, it and ko.
import { describe, expect, it } from "vitest";
import { LANGS } from "../../protocol";
import { catalog } from "./strings";

describe("strings", () => {
  it("has every key in en, it and ko, none empty", () => {
    const keys = Object.keys(catalog.en);
    for (const l of LANGS) {
      expect(Object.keys(catalog[l]).sort()).toEqual([...keys].sort());
      for (const k of keys) expect(catalog[l][k as keyof typeof catalog.en].trim()).not.toBe("");
    }
  });
});
