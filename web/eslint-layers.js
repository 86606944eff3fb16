// The web client's layers (docs/web.md, "Layers"), checked by eslint: each
// file of src/ belongs to one layer, and imports only files of its own layer
// and of the layers before it; a game's folder imports no other game's.
// Tests and their helpers stand outside the layers (they may import
// anything; nothing else may import them).
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const SRC = join(dirname(fileURLToPath(import.meta.url)), "src");

/**
 * The layers, first the lowest. An entry is a file of src/ without its
 * extension ("protocol") or a folder ending in "/" ("components/"); a file
 * named here belongs to its layer even inside a folder of another.
 */
export const LAYERS = [
  { name: "protocol", files: ["protocol"] },
  { name: "words", files: ["i18n", "strings", "strings/", "device/strings"] },
  {
    name: "connection",
    files: [
      "connection",
      "jsonpatch",
      "api",
      "account",
      "account-channel",
      // A table on this device: the engine's worker and the table answering the server's messages.
      "device/engine",
      "device/engine.worker",
      "device/table",
      "device/store",
    ],
  },
  {
    name: "helpers",
    files: [
      "router",
      "lazy",
      "seats",
      "seatnames",
      "time",
      "refusal",
      "attention",
      "mytables",
      "rules",
      "learn",
      "hyphens",
      "invitations",
      // What the client says about each game without loading its code, for
      // the components and pages that name a game.
      "games/info",
    ],
  },
  { name: "components", files: ["components/"] },
  { name: "games", files: ["games/"] },
  { name: "pages", files: ["pages/", "device/"] },
  { name: "app", files: ["main", "app", "pages/load"] },
];

/** Tests and what only tests use: outside the layers. */
export const TEST_FILES = [
  "src/**/*.test.ts",
  "src/**/*.test.tsx",
  "src/**/*.fixture.tsx",
  "src/testing.ts",
  "src/test-setup.ts",
  "src/fakeserver.ts",
  "src/fakesocket.ts",
];
const TEST_RE = /\.(test|fixture)$|^(testing|test-setup|fakeserver|fakesocket)$/;

function withoutExtension(path) {
  return path.replace(/\.(ts|tsx|mts|js|mjs)$/, "");
}

/** The layer's index of a path under src/ (no extension), -1 for a test's file, null for none. */
export function layerOf(path) {
  if (TEST_RE.test(path)) return -1;
  const exact = LAYERS.findIndex((l) => l.files.includes(path));
  if (exact >= 0) return exact;
  let best = null;
  let bestLength = 0;
  LAYERS.forEach((l, i) => {
    for (const f of l.files)
      if (f.endsWith("/") && path.startsWith(f) && f.length > bestLength) {
        best = i;
        bestLength = f.length;
      }
  });
  return best;
}

/** The game's folder of a path under src/ ("games/ufo"), or null. */
function gameFolder(path) {
  const m = /^games\/([^/]+)\//.exec(path);
  return m ? m[1] : null;
}

const rule = {
  meta: {
    type: "problem",
    docs: { description: "imports follow the web client's layers (docs/web.md)" },
    schema: [],
    messages: {
      noLayer: "{{file}} is in no layer: name it in web/eslint-layers.js and docs/web.md's layer table.",
      upward:
        "{{file}} ({{from}}) imports {{target}} ({{to}}), a layer above its own: move the shared part down, or pass it in (docs/web.md, Layers).",
      test: "{{file}} imports {{target}}, which only tests may use.",
      otherGame: "{{file}} imports {{target}}: a game's folder imports no other game's.",
    },
  },
  create(context) {
    const file = withoutExtension(relative(SRC, context.filename).split("\\").join("/"));
    if (file.startsWith("..")) return {};
    const from = layerOf(file);
    if (from === -1) return {};
    function check(node, spec) {
      if (typeof spec !== "string" || !spec.startsWith(".")) return;
      const target = withoutExtension(
        relative(SRC, resolve(SRC, dirname(file), spec))
          .split("\\")
          .join("/"),
      );
      if (target.startsWith("..")) return;
      const to = layerOf(target);
      const data = { file, target, from: LAYERS[from]?.name, to: LAYERS[to]?.name };
      if (to === -1) context.report({ node, messageId: "test", data });
      else if (to !== null && to > from) context.report({ node, messageId: "upward", data });
      else if (gameFolder(file) && gameFolder(target) && gameFolder(file) !== gameFolder(target))
        context.report({ node, messageId: "otherGame", data });
    }
    return {
      Program(node) {
        if (from === null) context.report({ node, messageId: "noLayer", data: { file } });
      },
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
    };
  },
};

export const layers = { rules: { layers: rule } };
