// The layers of docs/web.md as eslint checks them (eslint-layers.js), and no
// import circle among the client's files (scripts/import-circles.mjs).
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { layerOf } from "../eslint-layers.js";
import { circles, importGraph } from "../scripts/import-circles.mjs";

const WEB = join(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: WEB });

/** The layer rule's messages for this code at this path of the client. */
async function refusals(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(WEB, path) });
  return result.messages.filter((m) => m.ruleId === "meeple/layers").map((m) => m.message);
}

describe("the web client's layers", () => {
  it("refuses a component importing a page", async () => {
    expect(
      await refusals("src/components/Bad.tsx", 'import { Table } from "../pages/Table";\nexport const x = Table;\n'),
    ).toEqual([
      "components/Bad (components) imports pages/Table (pages), a layer above its own: move the shared part down, or pass it in (docs/web.md, Layers).",
    ]);
  });

  it("refuses the connection importing the games' registry (the circle there was), also as a type or a dynamic import", async () => {
    const code =
      'import type { GameModule } from "./games/types";\nexport const g = import("./games/registry");\nexport type M = GameModule;\n';
    const found = await refusals("src/connection.ts", code);
    expect(found).toHaveLength(2);
    expect(found[0]).toContain("imports games/types (games)");
    expect(found[1]).toContain("imports games/registry (games)");
  });

  it("refuses a page importing pages/load, which is the app's (the page's own loader: the other circle there was)", async () => {
    const found = await refusals("src/pages/Table.tsx", 'export { loadTablePage } from "./load";\n');
    expect(found).toEqual([expect.stringContaining("imports pages/load (app)")]);
  });

  it("refuses a game's folder importing another game's", async () => {
    const found = await refusals(
      "src/games/ufo/Bad.tsx",
      'import { data } from "../first-giants/data";\nexport const d = data;\n',
    );
    expect(found).toEqual(["games/ufo/Bad imports games/first-giants/data: a game's folder imports no other game's."]);
  });

  it("refuses a file of no layer and a layer's file importing a test's helper", async () => {
    expect(await refusals("src/newthing.ts", "export const x = 1;\n")).toEqual([
      "newthing is in no layer: name it in web/eslint-layers.js and docs/web.md's layer table.",
    ]);
    expect(
      await refusals(
        "src/pages/Bad.tsx",
        'import { FakeSocket } from "../fakesocket";\nexport const f = FakeSocket;\n',
      ),
    ).toEqual(["pages/Bad imports fakesocket, which only tests may use."]);
  });

  it("lets a file import its own layer and the ones below, and a test anything", async () => {
    const page =
      'import { SeatList } from "../components/SeatList";\nimport { TableConnection } from "../connection";\nimport { GAME_INFO } from "../games/info";\nimport { Profile } from "./Profile";\nexport const all = [SeatList, TableConnection, GAME_INFO, Profile];\n';
    expect(await refusals("src/pages/Bad.tsx", page)).toEqual([]);
    expect(
      await refusals(
        "src/components/Bad.tsx",
        'import { GAME_INFO } from "../games/info";\nexport const g = GAME_INFO;\n',
      ),
    ).toEqual([]);
    expect(await refusals("src/protocol.test.ts", 'import { App } from "./app";\nexport const a = App;\n')).toEqual([]);
  });

  it("puts every source file of the client in a layer", () => {
    const src = join(WEB, "src");
    const files = readdirSync(src, { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => f.replace(/\.tsx?$/, ""));
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => layerOf(f) === null)).toEqual([]);
  });
});

describe("import circles", () => {
  it("finds none among the client's files", () => {
    const src = join(WEB, "src");
    expect(circles(importGraph(src)).map((c) => c.map((f) => relative(src, f)))).toEqual([]);
  });

  it("follows import.meta.glob: the registry imports every game's index (and the connection's types)", () => {
    const src = join(WEB, "src");
    const registry = importGraph(src).get(join(src, "games/registry.ts"));
    expect([...(registry ?? [])].map((f) => relative(src, f)).sort()).toEqual([
      "connection.ts",
      "games/first-contact/index.tsx",
      "games/first-giants/index.tsx",
      "games/types.ts",
      "games/ufo/index.tsx",
    ]);
  });

  it("finds a circle of three files and leaves out the file they import", () => {
    const graph = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a", "d"])],
      ["d", new Set<string>()],
    ]);
    expect(circles(graph)).toEqual([["a", "b", "c"]]);
  });
});
