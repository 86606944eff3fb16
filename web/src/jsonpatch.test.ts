import { describe, expect, it } from "vitest";
import { applyPatch } from "./jsonpatch";
import type { Json } from "./protocol";

describe("applyPatch (RFC 6902)", () => {
  it("replaces, adds and removes in objects and arrays", () => {
    const doc: Json = { active: 0, players: [{ score: 1 }, { score: 2 }], cities: { rome: 3 } };
    const out = applyPatch(doc, [
      { op: "replace", path: "/active", value: 1 },
      { op: "add", path: "/players/-", value: { score: 0 } },
      { op: "remove", path: "/cities/rome" },
      { op: "add", path: "/players/0/score", value: 5 },
    ]);
    expect(out).toEqual({ active: 1, players: [{ score: 5 }, { score: 2 }, { score: 0 }], cities: {} });
    // The old view is left as it was: the client keeps it until the new one is whole.
    expect(doc).toEqual({ active: 0, players: [{ score: 1 }, { score: 2 }], cities: { rome: 3 } });
  });

  it("shares the parts a patch does not touch", () => {
    const doc = { a: { x: [1, 2] }, b: { y: 1 } } as Json;
    const out = applyPatch(doc, [{ op: "replace", path: "/b/y", value: 2 }]) as { a: Json; b: Json };
    expect(out.a).toBe((doc as { a: Json }).a);
  });

  it("inserts into an array at an index and understands escaped keys", () => {
    expect(applyPatch([1, 3], [{ op: "add", path: "/1", value: 2 }])).toEqual([1, 2, 3]);
    expect(
      applyPatch({ "a/b": 1, "c~d": 2 }, [
        { op: "replace", path: "/a~1b", value: 9 },
        { op: "remove", path: "/c~0d" },
      ]),
    ).toEqual({ "a/b": 9 });
  });

  it("moves and copies", () => {
    expect(applyPatch({ a: 1, b: {} }, [{ op: "move", from: "/a", path: "/b/a" }])).toEqual({ b: { a: 1 } });
    expect(applyPatch({ a: [1] }, [{ op: "copy", from: "/a", path: "/c" }])).toEqual({ a: [1], c: [1] });
  });

  it("refuses a patch that does not fit the document", () => {
    expect(() => applyPatch({ a: 1 }, [{ op: "replace", path: "/b", value: 1 }])).toThrow();
    expect(() => applyPatch([1], [{ op: "remove", path: "/4" }])).toThrow();
    expect(() => applyPatch({ a: 1 }, [{ op: "test", path: "/a", value: 2 }])).toThrow();
  });
});
