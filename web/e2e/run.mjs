// Runs every e2e/*.e2e.mjs file (each exports `tests`: name -> async
// function receiving {server, browser}) against one server and one browser,
// and prints "N passed, N failed". A test during which any page reports a
// Content-Security-Policy violation fails (lib.mjs, watchCsp). `node e2e/run.mjs [filter]` runs the
// tests whose name contains the filter.
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { cspReport, cspViolations, launchBrowser, startServer } from "./lib.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? "";
const files = readdirSync(here)
  .filter((f) => f.endsWith(".e2e.mjs"))
  .sort();

const server = await startServer();
const browser = await launchBrowser();
let passed = 0;
let failed = 0;
try {
  for (const f of files) {
    const { tests } = await import(pathToFileURL(join(here, f)).href);
    for (const [name, fn] of Object.entries(tests)) {
      const full = `${f.replace(".e2e.mjs", "")}: ${name}`;
      if (!full.includes(filter)) continue;
      const started = Date.now();
      try {
        cspViolations.length = 0;
        await fn({ server, browser });
        // The server's Content-Security-Policy held: no page needed anything it forbids.
        if (cspViolations.length) throw new Error(`Content-Security-Policy violations:\n${cspReport()}`);
        passed++;
        console.log(`ok   ${full} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      } catch (e) {
        failed++;
        console.log(`FAIL ${full}: ${e?.stack ?? e}`);
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
