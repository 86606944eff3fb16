// Builds the web client into web/dist, which `meeple serve --web web/dist`
// serves. Each game's screen is its own chunk, loaded when a table of that
// game is opened (src/games/registry.ts), so the first screen stays small.
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { availableParallelism } from "node:os";
import { gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vitest/config";
import type { Rollup } from "vite";

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;
import preact from "@preact/preset-vite";
import { VitePWA } from "vite-plugin-pwa";

// Writes a gzipped copy beside every text file of the build (x.js.gz), which
// `meeple serve` sends as it is to browsers that accept gzip. After every
// other plugin has closed the bundle, so the service worker (written by
// vite-plugin-pwa when the bundle closes) has its copy too.
function gzipCopies(): Plugin {
  let outDir = "dist";
  return {
    name: "meeple-gzip-copies",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: "post",
      sequential: true,
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
            e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
          );
        for (const file of walk(outDir))
          if (/\.(js|css|html|svg|json|webmanifest|wasm)$/.test(file))
            writeFileSync(file + ".gz", gzipSync(readFileSync(file), { level: 9 }));
      },
    },
  };
}

// A table's first picture on a slow phone (docs/web.md, the app's layer;
// docs/benchmarks.md, the phone's timings): `boot.js`, a small classic script that index.html loads `async`
// beside the entry, so it runs while the entry is still on its way. At a
// table's address (#/t/<id>) it asks at once for what the table's first
// choice needs, which the entry would ask for only once it has come and run:
// the table page's chunks and the interface's words (the catalog, the pages'
// and the refusals') in the language in use (modulepreload, so each runs only
// when imported). Not the game's screen: the choices need only those and the
// first picture, the board is drawn once its screen comes, which main.tsx
// asks for once they are in (the largest chunk, it would share the slow
// network with them). And it opens the table's WebSocket and says hello on it as the
// connection would, keeping what it hears (the first picture) for the table's
// connection, which pages/table/preopen.ts hands it to (window.__meepleSocket;
// connection.ts, EarlySocket). Written at build time from the
// bundle (the chunks' names are hashed); nothing happens on other pages.
function tablePreload(): Plugin {
  const chunkOf = (bundle: OutputBundle, test: (id: string) => boolean) =>
    Object.values(bundle).find(
      (c): c is OutputChunk => c.type === "chunk" && c.facadeModuleId !== null && test(c.facadeModuleId),
    );
  // The chunk's files and those it imports statically (the entry's own left out: index.html has them).
  const closure = (bundle: OutputBundle, first: OutputChunk | undefined, known: Set<string>) => {
    const out: string[] = [];
    const walk = (c: OutputChunk | undefined) => {
      if (!c || known.has(c.fileName)) return;
      known.add(c.fileName);
      out.push(c.fileName);
      for (const i of c.imports) walk(bundle[i] as OutputChunk);
    };
    walk(first);
    return out;
  };
  return {
    name: "meeple-table-preload",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: () => [{ tag: "script", attrs: { src: "./boot.js", async: true }, injectTo: "head-prepend" }],
    },
    generateBundle(_, bundle) {
      const entry = Object.values(bundle).find((c): c is OutputChunk => c.type === "chunk" && c.isEntry)!;
      const loaded = () => new Set([entry.fileName, ...entry.imports]);
      const src = (suffix: string) => (id: string) => id.replaceAll("\\", "/").endsWith(suffix);
      const table = closure(bundle, chunkOf(bundle, src("/src/pages/Table.tsx")), loaded());
      const shared = new Set([...loaded(), ...table]);
      table.push(...closure(bundle, chunkOf(bundle, src("/src/connection.ts")), shared));
      const words: Record<string, string[]> = {};
      for (const l of ["en", "it", "ko"])
        words[l] = ["", ".pages", ".refusals"].flatMap((part) =>
          closure(bundle, chunkOf(bundle, src(`/src/strings/${l}${part}.ts`)), new Set(shared)),
        );
      const source = `// Written by vite.config.ts (tablePreload): at a table's address, what its first choice needs, asked for at once.
(function () {
  var m = /^#\\/?t\\/([^/?#]+)/.exec(location.hash);
  if (!m) return;
  var id = decodeURIComponent(m[1]), c = {}, lang = "";
  try {
    c = JSON.parse(localStorage.getItem("meeple.tables") || "{}")[id] || {};
    lang = localStorage.getItem("meeple.lang") || "";
  } catch (e) {}
  var words = ${JSON.stringify(words)};
  if (!words[lang]) lang = (navigator.language || "en").slice(0, 2);
  if (!words[lang]) lang = "en";
  var files = ${JSON.stringify(table)}.concat(words[lang]);
  for (var i = 0; i < files.length; i++) {
    var l = document.createElement("link");
    l.rel = "modulepreload";
    l.crossOrigin = "";
    // Absolute, as Vite's own preloads name them: it then adds none of its own.
    l.href = new URL(files[i], document.baseURI).href;
    document.head.appendChild(l);
  }
  // One seat or none, as preopen.ts opens (several seats open one connection each).
  if (Array.isArray(c.seats) && c.seats.length > 1) return;
  // It says hello as the connection would (connection.ts), and keeps what it hears for it.
  var early = { table: id, heard: [] };
  var ws = new WebSocket(location.origin.replace(/^http/, "ws") + "/ws/tables/" + encodeURIComponent(id));
  early.ws = ws;
  ws.onopen = function () {
    early.said = JSON.stringify(c.token ? { type: "hello", token: c.token, lang: lang } : { type: "hello", lang: lang });
    ws.send(early.said);
  };
  ws.onmessage = function (e) {
    early.heard.push(String(e.data));
  };
  window.__meepleSocket = early;
  // Not taken (the app went elsewhere): the seat is not held on.
  setTimeout(function () {
    if (window.__meepleSocket === early) {
      delete window.__meepleSocket;
      ws.close();
    }
  }, 20000);
})();
`;
      this.emitFile({ type: "asset", fileName: "boot.js", source });
    },
  };
}

// The engine in WebAssembly (docs/web.md, "The engine on the device"), as
// the wasm preset builds it (scripts/build): the module
// "virtual:meeple-engine" re-exports Emscripten's factory and the address of
// its .wasm file, both files of the build's assets (hashed), reached only
// from the engine's worker (src/device/engine.worker.ts): a chunk loaded when
// a device table starts, never on the first screen. Without the wasm build
// (no em++) the module gives null for both, __DEVICE_ENGINE__ is false, and
// the device option says it is not available.
const engineDir = fileURLToPath(new URL("../build/wasm/wasm", import.meta.url));
const engineBuilt =
  existsSync(join(engineDir, "meeple_engine.js")) && existsSync(join(engineDir, "meeple_engine.wasm"));
function meepleEngine(): Plugin {
  const id = "virtual:meeple-engine";
  return {
    name: "meeple-engine",
    resolveId(source) {
      return source === id ? "\0" + id : null;
    },
    load(resolved) {
      if (resolved !== "\0" + id) return null;
      if (!engineBuilt) return "export default null;\nexport const wasmUrl = null;\n";
      const js = JSON.stringify(join(engineDir, "meeple_engine.js"));
      const wasm = JSON.stringify(join(engineDir, "meeple_engine.wasm") + "?url");
      return `export { default } from ${js};\nexport { default as wasmUrl } from ${wasm};\n`;
    },
  };
}

// The installable app (docs/web.md, "Installing and caching"): the web app
// manifest and a service worker generated by Workbox. The worker keeps every
// file of the build (precache: the files under assets/ are named by their
// content's hash; the others carry a hash of their content in the worker),
// opens the app from that cache, answers every page address with the cached
// index.html, and on a new build takes over at once (skipWaiting,
// clientsClaim) and drops the old build's files. It never answers the
// server's own addresses (routes.cpp: /api, /ws, /healthz, /metrics): no
// runtime caching at all, so the API and WebSocket always reach the server.
// main.tsx registers it (no registration code from the plugin).
const pwa = VitePWA({
  registerType: "autoUpdate",
  injectRegister: false,
  manifest: {
    id: "./",
    name: "meeple: board games with friends",
    short_name: "meeple",
    description: "First Contact, First Giants and Ufo! at one table with your friends, or with bots.",
    lang: "en",
    start_url: "./",
    scope: "./",
    display: "standalone",
    orientation: "any",
    background_color: "#f6f3ec",
    theme_color: "#1d2b3a",
    // Drawn by icons/make-icons.mjs.
    icons: [
      { src: "icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  },
  workbox: {
    // The pages, the offline page's files and every hashed file of the build
    // (the gzipped copies are written after the worker); the manifest and
    // its icons are added by the plugin (includeManifestIcons).
    globPatterns: ["*.{js,css,html}", "assets/**/*"],
    // The engine's .wasm (about 1 MB as it is) is kept too, so a device table opens offline.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    navigateFallback: "index.html",
    navigateFallbackDenylist: [/^\/api\//, /^\/ws\//, /^\/healthz$/, /^\/metrics$/],
    cleanupOutdatedCaches: true,
    skipWaiting: true,
    clientsClaim: true,
    runtimeCaching: [],
  },
});

export default defineConfig({
  plugins: [preact(), meepleEngine(), tablePreload(), pwa, gzipCopies()],
  define: { __DEVICE_ENGINE__: JSON.stringify(engineBuilt) },
  // The engine's worker is a module (Emscripten's ES module and its chunk).
  worker: { format: "es", plugins: () => [meepleEngine()] },
  base: "./",
  // The game data (map, cards, glyphs, message catalogs) is read from the
  // engine's own files in ../games at build time.
  server: {
    fs: { allow: [".."] },
    proxy: { "/api": "http://127.0.0.1:8080", "/ws": { target: "ws://127.0.0.1:8080", ws: true } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: true,
    // The server's Content-Security-Policy (script-src 'self', style-src
    // 'self') allows no inline script or style: every browser this build
    // targets preloads modules itself, so no polyfill is added.
    modulePreload: { polyfill: false },
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    setupFiles: ["src/test-setup.ts"],
    // A worker per core (Vitest's default leaves one core out: on CI's two, the files ran
    // one at a time), in threads rather than processes (the figures:
    // docs/benchmarks-log.md, "scripts/test's time").
    pool: "threads",
    // The files share their worker's jsdom window and module cache, each starting from a
    // reset one (src/test-setup.ts): a fresh window and module graph per file were most of
    // the run (docs/benchmarks-log.md, "The fourth pass").
    isolate: false,
    maxWorkers: availableParallelism(),
    // A test's time limit (Vitest's default is 5 s). With a worker per core, a test that
    // draws Ufo!'s map shares the two cores with the crowd test's layouts; on a busy
    // machine one took over 5 s and failed with nothing wrong in what it drew.
    testTimeout: 30_000,
  },
});
