// Several nodes (docs/scaling.md): a person plays a whole First Giants game
// in the browser through nginx in front of three `meeple serve` nodes on one
// PostgreSQL (scripts/cluster), and the node that holds the table is killed
// with SIGKILL mid-game. The page reconnects by itself through nginx, finds
// the table on another node at the same version, and the game goes on to
// its end. Writes cluster-after-kill.png. And a node paused (SIGSTOP) under
// a person's open table, with no other traffic: the page notices the silence,
// and its request for the table marks the node failed at nginx, so its next
// handshake reaches the next node, where play goes on during the pause.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import { join } from "node:path";
import { assert, DESKTOP, openTableAsPerson, playToEnd, repo, screenshot, version, waitVersionAbove } from "./lib.mjs";

/** scripts/cluster in a folder of its own; resolves once every part answers. */
async function startCluster() {
  const dir = mkdtempSync(join(tmpdir(), "meeple-e2e-cluster-"));
  const bin = process.env.MEEPLE_BIN ?? join(repo, "build/release/cli/meeple");
  const port = await freePort();
  const proc = spawn(join(repo, "scripts/cluster"), ["--dir", dir, "--port", String(port)], {
    env: { ...process.env, MEEPLE_BIN: bin },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  // Its complaints (which part did not start, and that part's log) go into
  // the failure, so that a failure in CI says why.
  let errors = "";
  proc.stderr.on("data", (d) => (errors += d));
  for (let i = 0; i < 1200 && !existsSync(join(dir, "cluster.json")); i++) {
    if (proc.exitCode !== null) {
      if (!proc.stderr.closed) await new Promise((r) => proc.stderr.once("close", r));
      throw new Error(`scripts/cluster ended (${proc.exitCode}):\n${errors}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const info = JSON.parse(readFileSync(join(dir, "cluster.json"), "utf8"));
  return {
    url: info.url.replace(/\/$/, ""),
    nodes: info.nodes,
    async stop() {
      const done = new Promise((r) => proc.once("exit", r));
      process.kill(-proc.pid, "SIGTERM");
      await done;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A loopback port nobody listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The node that serves `table` now: the last one whose log says it took it. */
function holder(cluster, table) {
  let at = -1;
  let when = "";
  cluster.nodes.forEach((n, i) => {
    for (const line of readFileSync(n.log, "utf8").split("\n"))
      if (line.includes(`table ${table}: held here now`) && line.slice(0, 25) >= when) {
        at = i;
        when = line.slice(0, 25);
      }
  });
  return at;
}

export const tests = {
  "a node paused under an open table: the page leaves it by itself and plays on at the next node": async ({
    browser,
  }) => {
    const cluster = await startCluster();
    let paused = null;
    try {
      // No service worker: its precache of the build would be HTTP traffic through nginx besides the page's own.
      const context = await browser.newContext({ viewport: DESKTOP, serviceWorkers: "block" });
      const { page, table } = await openTableAsPerson(cluster, context, { game: "ufo", players: 2 });
      const CHOICE = ".choices li:first-child button:not([disabled])";
      await page.waitForSelector(CHOICE, { timeout: 30000 });
      const node = holder(cluster, table.id);
      assert(node >= 0, "a node took the table when the page connected");
      const before = await version(page);
      // Nothing but this page's traffic: nginx learns of the pause only from what the page sends.
      paused = cluster.nodes[node].pid;
      process.kill(paused, "SIGSTOP");
      const at = Date.now();
      let after = node;
      for (let i = 0; i < 200 && after === node; i++) {
        await page.waitForTimeout(100);
        after = holder(cluster, table.id);
      }
      const moved = Date.now() - at;
      console.log(`     (the table moved ${(moved / 1000).toFixed(1)} s after the pause)`);
      assert(after >= 0 && after !== node, `another node holds the table while node ${node} is paused (${after})`);
      // The page says it lost the connection, then is back (at the next node) while the node is still paused.
      const banner = page.getByRole("status").filter({ hasText: "Connection lost: reconnecting" });
      await banner.waitFor({ timeout: 10000 });
      await banner.waitFor({ state: "hidden", timeout: 15000 });
      const back = Date.now() - at;
      console.log(`     (the page was back ${(back / 1000).toFixed(1)} s after the pause)`);
      await page.waitForSelector(CHOICE, { timeout: 10000 });
      assert((await version(page)) === before, "the table is at the same version");
      await page.click(CHOICE);
      await waitVersionAbove(page, before, 10000);
      assert(Date.now() - at < 20000, "all while the node was paused");
      await context.close();
    } finally {
      if (paused) process.kill(paused, "SIGCONT");
      await cluster.stop();
    }
  },

  "a game through nginx and three nodes goes on when the node holding its table is killed": async ({ browser }) => {
    const cluster = await startCluster();
    try {
      const context = await browser.newContext({ viewport: DESKTOP });
      const { page, table } = await openTableAsPerson(cluster, context, {
        game: "first-giants",
        players: 2,
        bots: ["random"],
      });
      const SITE = ".fg-site button.can-act:not([disabled])";
      await page.waitForSelector(SITE, { timeout: 30000 });
      // A few moves first, so there is a history to take over.
      for (let i = 0; i < 3; i++) {
        const button = page.locator(".choices li:first-child button:not([disabled])");
        await button.waitFor({ timeout: 30000 });
        const before = await version(page);
        await button.click();
        await waitVersionAbove(page, before, 30000);
      }
      const node = holder(cluster, table.id);
      assert(node >= 0, "a node took the table when the page connected");
      await page.waitForSelector(".choices li:first-child button:not([disabled])", { timeout: 30000 });
      const before = await version(page);
      const words = await page.$$eval(".choices button", (bs) => bs.map((b) => b.textContent));
      process.kill(cluster.nodes[node].pid, "SIGKILL");
      // The page reconnects through nginx by itself; the next node takes the table.
      let after = -1;
      for (let i = 0; i < 300 && (after < 0 || after === node); i++) {
        await page.waitForTimeout(100);
        after = holder(cluster, table.id);
      }
      assert(after >= 0 && after !== node, `another node holds the table now (${after}, was ${node})`);
      // The same version and choices there.
      assert((await version(page)) === before, "the table is at the same version");
      await page.waitForSelector(".choices li:first-child button:not([disabled])", { timeout: 30000 });
      const again = await page.$$eval(".choices button", (bs) => bs.map((b) => b.textContent));
      assert(JSON.stringify(again) === JSON.stringify(words), "the same choices after the move");
      await page.click(".choices li:first-child button:not([disabled])");
      await waitVersionAbove(page, before, 30000);
      await screenshot(page, "cluster-after-kill");
      await playToEnd(page);
      assert((await page.getAttribute("main.table", "data-phase")) === "finished", "the game ended");
      await context.close();
    } finally {
      await cluster.stop();
    }
  },
};
