// The screen's own words: every key in every language.
import { describe, expect, it } from "vitest";
import { catalog } from "./strings";

describe("First Giants strings", () => {
  it("has every key, non-empty, in en, it and ko", () => {
    const keys = Object.keys(catalog.en);
    for (const l of ["it", "ko"] as const) {
      expect(Object.keys(catalog[l]).sort()).toEqual([...keys].sort());
      for (const k of keys) expect(catalog[l][k as keyof typeof catalog.en].trim()).not.toBe("");
    }
  });
});
