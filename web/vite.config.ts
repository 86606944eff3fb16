// Builds the web client into web/dist, which `meeple serve --web web/dist`
// serves. Each game's screen is its own chunk, loaded when a table of that
// game is opened (src/games/registry.ts), so the first screen stays small.
import { defineConfig } from "vitest/config";
import preact from "@preact/preset-vite";

export default defineConfig({
  plugins: [preact()],
  base: "./",
  // The game data (map, cards, glyphs, message catalogs) is read from the
  // engine's own files in ../games at build time.
  server: {
    fs: { allow: [".."] },
    proxy: { "/api": "http://127.0.0.1:8080", "/ws": { target: "ws://127.0.0.1:8080", ws: true } },
  },
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", reportCompressedSize: true },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
  },
});
