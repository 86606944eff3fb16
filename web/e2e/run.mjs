// Runs every e2e/*.e2e.mjs file (each exports `tests`: name -> async
// function receiving {server, browser}) against one server and one browser,
// and prints "N passed, N failed". A test during which any page reports a
// Content-Security-Policy violation fails (lib.mjs, watchCsp).
//
//   node e2e/run.mjs [filter] [--jobs N] [--file F]
//
// `filter` runs the tests whose name contains it. `--jobs N` (or E2E_JOBS)
// runs the files in N child processes at once, each file with its own
// server and browser, and prints each file's lines when it ends (so they do
// not interleave), then the sum. `--file F` runs one file (what a child does).
import { spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { cspReport, cspViolations, launchBrowser, startServer } from "./lib.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const option = (name) => {
  const i = argv.indexOf(name);
  return i < 0 ? undefined : argv.splice(i, 2)[1];
};
const jobs = Number(option("--jobs") ?? process.env.E2E_JOBS ?? 1);
const only = option("--file");
const filter = argv[0] ?? "";
const files = readdirSync(here)
  .filter((f) => f.endsWith(".e2e.mjs") && (!only || f === only))
  .sort();

if (jobs > 1 && !only) {
  // The longest files start first so that the lanes end close together: the
  // seven known to take minutes (a fresh clone's run, 2026-12-03: a11y 267 s,
  // fit 192 s, held 173 s, keyboard 156 s, targets 140 s, action-bar 134 s,
  // device 121 s), then the others by size, a rough guess of their length
  // (each near a minute or under).
  const LONGEST = ["a11y", "fit", "held", "keyboard", "targets", "action-bar", "device"].map((n) => `${n}.e2e.mjs`);
  const rank = (f) => (LONGEST.includes(f) ? LONGEST.indexOf(f) - LONGEST.length : 0);
  const size = (f) => statSync(join(here, f)).size;
  const queue = [...files].sort((a, b) => rank(a) - rank(b) || size(b) - size(a));
  let passed = 0;
  let failed = 0;
  const lane = async () => {
    for (let f = queue.shift(); f; f = queue.shift()) {
      const out = await runChild(f);
      process.stdout.write(out.text);
      const m = /e2e [^:\n]*: (\d+) passed, (\d+) failed\s*$/.exec(out.text);
      if (m) {
        passed += Number(m[1]);
        failed += Number(m[2]);
      } else {
        failed++;
        console.log(`FAIL ${f.replace(".e2e.mjs", "")}: its runner ended with status ${out.code} and no summary`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, queue.length) }, lane));
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

/** Runs one file in a child process; its output (stdout and stderr together) and exit status. */
function runChild(file) {
  return new Promise((ok) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), filter, "--file", file], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let text = "";
    child.stdout.on("data", (d) => (text += d));
    child.stderr.on("data", (d) => (text += d));
    child.on("close", (code) => ok({ text, code }));
  });
}

// The tests the filter picks, found before anything starts (a file with none starts no server).
const picked = [];
for (const f of files) {
  const { tests } = await import(pathToFileURL(join(here, f)).href);
  for (const [name, fn] of Object.entries(tests)) {
    const full = `${f.replace(".e2e.mjs", "")}: ${name}`;
    if (full.includes(filter)) picked.push({ full, fn });
  }
}
let passed = 0;
let failed = 0;
if (picked.length) {
  // Every test's people come from 127.0.0.1 to this one server, and many
  // leave their tables unfinished: one address's limit on tables not finished
  // (--max-tables-per-address, 50) is not what these tests are about.
  const server = await startServer(["--max-tables-per-address", "0"]);
  const browser = await launchBrowser();
  try {
    for (const { full, fn } of picked) {
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
  } finally {
    await browser.close();
    await server.stop();
  }
}
// A child names its file, so that only the parent's sum reads "e2e: N passed, N failed".
console.log(`${only ? `e2e ${only}` : "e2e"}: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
