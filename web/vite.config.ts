// Builds the web client into web/dist, which `meeple serve --web web/dist`
// serves. Each game's screen is its own chunk, loaded when a table of that
// game is opened (src/games/registry.ts), so the first screen stays small.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vitest/config";
import preact from "@preact/preset-vite";

// Writes a gzipped copy beside every text file of the build (x.js.gz), which
// `meeple serve` sends as it is to browsers that accept gzip.
function gzipCopies(): Plugin {
  return {
    name: "meeple-gzip-copies",
    apply: "build",
    writeBundle(options) {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
        );
      for (const file of walk(options.dir ?? "dist"))
        if (/\.(js|css|html|svg|json)$/.test(file))
          writeFileSync(file + ".gz", gzipSync(readFileSync(file), { level: 9 }));
    },
  };
}

export default defineConfig({
  plugins: [preact(), gzipCopies()],
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
  },
});
