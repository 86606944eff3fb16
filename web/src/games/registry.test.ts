// The games the client draws are found by their folders, named as the engine
// names them (games/<dir>/data/messages.json sits beside each engine game).
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GAMES_WITH_SCREENS, loadGame } from "./registry";

describe("the games' registry", () => {
  it("finds every game folder with an index.tsx, by the engine's name", () => {
    const folders = readdirSync(import.meta.dirname, { withFileTypes: true })
      .filter((e) => e.isDirectory() && readdirSync(join(import.meta.dirname, e.name)).includes("index.tsx"))
      .map((e) => e.name)
      .sort();
    expect(GAMES_WITH_SCREENS).toEqual(folders);
    expect(GAMES_WITH_SCREENS).toEqual(["first-contact", "first-giants", "ufo"]);
  });

  it("loads a game's module, and none for a game without a screen", async () => {
    const ufo = await loadGame("ufo");
    expect(typeof ufo?.Screen).toBe("function");
    expect(await loadGame("toy")).toBeNull();
  });
});
