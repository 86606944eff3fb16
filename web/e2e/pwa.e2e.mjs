// The installable app (docs/web.md, "Installing and caching"): the web app
// manifest and its icons, the service worker's cache (the build's files,
// never the API), the offline page when the server is down, and a new build
// reaching a person who comes back.
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { PHONE, assert, openTableAsPerson, repo, screenshot, startServer, watchCsp } from "./lib.mjs";

const dist = join(repo, "web/dist");

/** Opens the app's home page and waits until its service worker is installed and controls the page. */
async function controlledPage(context, url) {
  const page = await context.newPage();
  await page.goto(`${url}/`);
  // Ready: installed (the whole build in its cache) and active.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page;
}

/** Every address the page's origin holds in its Cache Storage. */
function cachedUrls(page) {
  return page.evaluate(async () => {
    const urls = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });
}

/** The built files named by their content's hash (web/dist/assets, without the gzipped copies). */
function hashedAssets(dir = dist) {
  return readdirSync(join(dir, "assets")).filter((f) => !f.endsWith(".gz"));
}

/** The width and height a PNG file says it has (its IHDR chunk). */
function pngSize(bytes) {
  assert(bytes.subarray(1, 4).toString() === "PNG", "a PNG file");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function polled(what, check, timeout = 20000) {
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting until ${what}`);
}

/**
 * Rewrites the build in `dir` into the one `vite build` writes after the
 * app's stylesheet changed: the stylesheet under a new hashed name (the old
 * file gone), index.html naming it, and a service worker whose precache
 * list names it and carries index.html's new revision (Workbox's: the MD5
 * of its content). The gzipped copies of the changed files are dropped (the
 * server then sends the files as they are). Returns both stylesheets' paths.
 */
function nextBuild(dir) {
  const html = readFileSync(join(dir, "index.html"), "utf8");
  const old = html.match(/assets\/(index-[\w-]+\.css)/)[1];
  const css = readFileSync(join(dir, "assets", old), "utf8") + "\n/* the next build */\n";
  const name = `index-${createHash("sha256").update(css).digest("base64url").slice(0, 8)}.css`;
  writeFileSync(join(dir, "assets", name), css);
  rmSync(join(dir, "assets", old));
  rmSync(join(dir, "assets", old + ".gz"), { force: true });
  const nextHtml = html.replaceAll(old, name);
  writeFileSync(join(dir, "index.html"), nextHtml);
  const sw = readFileSync(join(dir, "sw.js"), "utf8");
  const md5 = createHash("md5").update(nextHtml).digest("hex");
  const nextSw = sw
    .replace(`"assets/${old}"`, `"assets/${name}"`)
    .replace(/(url:"index\.html",revision:")[0-9a-f]+"/, `$1${md5}"`);
  assert(nextSw.includes(`"assets/${name}"`) && nextSw.includes(md5), "sw.js names the next build's files");
  writeFileSync(join(dir, "sw.js"), nextSw);
  for (const f of ["index.html.gz", "sw.js.gz"]) rmSync(join(dir, f), { force: true });
  return { before: `assets/${old}`, after: `assets/${name}` };
}

/** A copy of web/dist that a test may change, and a server of its own serving it. */
async function ownBuildAndServer() {
  const dir = mkdtempSync(join(tmpdir(), "meeple-pwa-build-"));
  cpSync(dist, dir, { recursive: true });
  const server = await startServer([], { web: dir });
  return {
    dir,
    server,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const tests = {
  "the manifest is linked, valid, its icons load, and Chromium finds the app installable": async ({ server }) => {
    // A profile of its own: Chromium never offers to install from an
    // off-the-record context, which is what browser.newContext() opens. The full
    // browser, not the headless shell the other tests use: installing is its part.
    const profile = mkdtempSync(join(tmpdir(), "meeple-pwa-profile-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
      viewport: PHONE,
    });
    await watchCsp(context);
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      const href = await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.href);
      assert(href, "index.html links a manifest");
      const res = await fetch(href);
      assert(res.ok, `the manifest is served: ${res.status}`);
      assert(
        res.headers.get("content-type") === "application/manifest+json",
        `the manifest's type: ${res.headers.get("content-type")}`,
      );
      const m = await res.json();
      assert(m.name && m.short_name === "meeple", `name and short name: ${m.name} / ${m.short_name}`);
      assert(m.display === "standalone", `display: ${m.display}`);
      assert(new URL(m.start_url, href).href === `${server.url}/`, `start_url: ${m.start_url}`);
      assert(/^#[0-9a-f]{6}$/i.test(m.theme_color), `theme colour: ${m.theme_color}`);
      assert(m.background_color, "a background colour for the splash screen");
      const pngs = m.icons.filter((i) => i.type === "image/png");
      for (const size of ["192x192", "512x512"])
        assert(
          pngs.some((i) => i.sizes === size && i.purpose.split(" ").includes("any")),
          `a ${size} PNG icon`,
        );
      assert(
        pngs.some((i) => i.sizes === "512x512" && i.purpose.split(" ").includes("maskable")),
        "a maskable 512x512 PNG icon",
      );
      for (const icon of m.icons) {
        const r = await fetch(new URL(icon.src, href));
        assert(r.ok, `icon ${icon.src} loads: ${r.status}`);
        assert(r.headers.get("content-type") === icon.type, `icon ${icon.src}: ${r.headers.get("content-type")}`);
        if (icon.type === "image/png") {
          const size = pngSize(Buffer.from(await r.arrayBuffer()));
          assert(size === icon.sizes, `icon ${icon.src} is ${size}, the manifest says ${icon.sizes}`);
        }
      }
      // Chromium's own verdict (what decides whether it offers to install).
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      const cdp = await context.newCDPSession(page);
      const parsed = await cdp.send("Page.getAppManifest");
      assert(parsed.errors.length === 0, `manifest errors: ${JSON.stringify(parsed.errors)}`);
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      assert(installabilityErrors.length === 0, `not installable: ${JSON.stringify(installabilityErrors)}`);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  },

  "the server says how long each file may be kept": async ({ server }) => {
    const headers = async (path) => {
      const res = await fetch(`${server.url}${path}`);
      assert(res.ok, `${path}: ${res.status}`);
      return res.headers;
    };
    for (const path of ["/", "/index.html", "/sw.js", "/manifest.webmanifest", "/offline.html"])
      assert((await headers(path)).get("cache-control") === "no-cache", `${path} is asked for again at each visit`);
    const sw = await headers("/sw.js");
    assert(sw.get("content-type") === "text/javascript", `sw.js: ${sw.get("content-type")}`);
    for (const file of hashedAssets().slice(0, 3)) {
      const h = await headers(`/assets/${file}`);
      assert(/max-age=31536000.*immutable/.test(h.get("cache-control")), `${file}: ${h.get("cache-control")}`);
    }
  },

  "the service worker controls the page after a reload, holds the build, and never the API": async ({
    server,
    browser,
  }) => {
    const context = await browser.newContext();
    try {
      const home = await controlledPage(context, server.url);
      const cached = await cachedUrls(home);
      for (const file of hashedAssets())
        assert(
          cached.some((u) => new URL(u).pathname === `/assets/${file}`),
          `the precache holds assets/${file}`,
        );
      assert(
        cached.some((u) => new URL(u).pathname === "/offline.html"),
        "the precache holds the offline page",
      );
      // A table in play under the worker: its API requests reach the
      // server (a WebSocket never passes through a service worker), and
      // nothing of the API or the WebSocket's address is kept.
      const fromWorker = [];
      const api = [];
      context.on("response", (r) => {
        if (new URL(r.url()).pathname.startsWith("/api/")) {
          api.push(r.url());
          if (r.fromServiceWorker()) fromWorker.push(r.url());
        }
      });
      const { page } = await openTableAsPerson(server, context, { game: "ufo", players: 2 });
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.waitForSelector("main.table[data-version]");
      assert(api.length > 0, "the table asked the API");
      assert(fromWorker.length === 0, `answered by the service worker: ${fromWorker.join(", ")}`);
      // An API address opened in the tab (a game's record is a link) gets
      // the server's JSON, not the app's page from the cache.
      const opened = await page.goto(`${server.url}/api/games`);
      assert(!opened.fromServiceWorker(), "the API's page came from the service worker");
      assert(
        (await opened.headerValue("content-type")) === "application/json",
        `the API's page: ${await opened.headerValue("content-type")}`,
      );
      const after = await cachedUrls(page);
      const kept = after.filter((u) => /^\/(api|ws)\//.test(new URL(u).pathname));
      assert(kept.length === 0, `cached server traffic: ${kept.join(", ")}`);
    } finally {
      await context.close();
    }
  },

  "with the server down the app opens on the offline page, in the person's language, and comes back": async ({
    browser,
  }) => {
    const own = await ownBuildAndServer();
    const context = await browser.newContext({ viewport: PHONE });
    try {
      const first = await controlledPage(context, own.server.url);
      await first.evaluate(() => localStorage.setItem("meeple.lang", "ko"));
      await first.close();
      // The server goes away for a while (SIGKILL: as a crash or a lost
      // network would look), then comes back on the same address.
      const back = own.server.restart(12000);
      await polled("the server is down", () =>
        fetch(`${own.server.url}/healthz`).then(
          () => false,
          () => true,
        ),
      );
      // The next visit.
      const started = Date.now();
      const page = await context.newPage();
      await page.goto(`${own.server.url}/#/my`);
      await page.waitForURL(/\/offline\.html#\/my$/);
      await page.getByRole("heading", { name: "meeple에 연결할 수 없어요" }).waitFor();
      assert((await page.getAttribute("html", "lang")) === "ko", "the page's language is Korean");
      const opened = Date.now() - started;
      await screenshot(page, "pwa-offline-ko-390x844");
      // A request to the API is not answered from any cache.
      const answer = await page.evaluate(() =>
        fetch("/api/games").then(
          (r) => `answered ${r.status}`,
          () => "failed",
        ),
      );
      assert(answer === "failed", `/api/games with the server down: ${answer}`);
      await page.evaluate(() => localStorage.setItem("meeple.lang", "en"));
      await page.reload();
      await page.getByRole("heading", { name: "Can't reach meeple" }).waitFor();
      await page.getByRole("button", { name: "Try again" }).click();
      await page.getByText("Still no answer. Check your connection and try again.").waitFor();
      await screenshot(page, "pwa-offline-en-390x844");
      const noScroll = await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
      assert(noScroll, "the offline page fits a phone");
      assert(Date.now() - started < 11000, `the offline checks took ${Date.now() - started} ms (the window is 12 s)`);
      await back;
      await page.getByRole("button", { name: "Try again" }).click();
      await page.waitForURL(`${own.server.url}/#/my`);
      await page.locator('a[aria-current="page"][href="#/my"]').waitFor();
      console.log(`     offline page shown ${opened} ms after the visit began`);
    } finally {
      await context.close();
      await own.stop();
    }
  },

  "a new build reaches a person who comes back": async ({ browser }) => {
    const own = await ownBuildAndServer();
    const context = await browser.newContext();
    try {
      const page = await controlledPage(context, own.server.url);
      const stylesheet = () =>
        page.evaluate(() => new URL(document.querySelector('link[rel="stylesheet"]').href).pathname);
      const build = nextBuild(own.dir);
      assert((await stylesheet()) === `/${build.before}`, `the first build's stylesheet: ${await stylesheet()}`);
      // The next visit opens at once from the cache (the first build), and
      // the browser finds the new worker meanwhile.
      await page.reload();
      assert((await stylesheet()) === `/${build.before}`, "the next visit opens from the cache");
      await polled("the new build is cached and the old one dropped", async () => {
        const paths = (await cachedUrls(page)).map((u) => new URL(u).pathname);
        return paths.includes(`/${build.after}`) && !paths.includes(`/${build.before}`);
      });
      // The open page moves to the new build at the person's next change of screen.
      await page.click('a[href="#/my"]');
      await page.waitForFunction(
        (after) => new URL(document.querySelector('link[rel="stylesheet"]').href).pathname === `/${after}`,
        build.after,
      );
      assert(new URL(page.url()).hash === "#/my", `the person is where they went: ${page.url()}`);
      await page.locator('a[aria-current="page"][href="#/my"]').waitFor();
      // And a later visit opens the new build.
      await page.reload();
      assert((await stylesheet()) === `/${build.after}`, "a later visit opens the new build");
    } finally {
      await context.close();
      await own.stop();
    }
  },
};
