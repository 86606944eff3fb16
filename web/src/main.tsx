import { render } from "preact";
import { api, credentials } from "./api";
import { App } from "./app";
import { loadGame } from "./games/registry";
import { lang } from "./i18n";
import { loadTablePage } from "./pages/load";
import { preopenTable } from "./pages/table/preopen";
import { route } from "./router";
import { loadRefusals, loadUi } from "./strings";
import "./styles.css";

// The first paint waits for the words of the language in use (the saved
// choice, else the browser's: i18n.ts), the only catalog loaded, so no other
// language shows first. At a table's address the table's chunk is fetched
// at the same time (it would come only once the router asks for it), with
// the refusals' words it waits for (lazy.tsx); on the lobby those come after
// the first paint. Its chunk out of reach (the server gone between the page
// and its words): the page is drawn all the same, the keys standing for the words.
document.documentElement.lang = lang.value;
const opened = route.peek();
if (opened.page === "table") {
  const page = loadTablePage();
  preopenTable(opened.id);
  const words = loadRefusals(lang.value);
  // The game's screen too, once what the first choice needs is in (the table
  // page and its words: the choices show without the board, which is drawn
  // when its screen comes), so that its chunk, the largest, does not share a
  // slow network with them: when this browser knows the table's game (kept
  // with its seat), else once the table's summary names it. It would come
  // only after the table's first picture over the WebSocket.
  const known = credentials(opened.id).game;
  const game = known ? Promise.resolve(known) : api.table(opened.id).then((s) => s.game);
  Promise.all([game, page, loadUi(lang.value), words]).then(
    ([g]) => void loadGame(g).catch(() => undefined),
    () => void game.then((g) => loadGame(g)).catch(() => undefined),
  );
}
const draw = () => {
  // index.html's header, painted before the code came, gives way to the app's (in the same task: no flash).
  const root = document.getElementById("app")!;
  root.replaceChildren();
  render(<App />, root);
  afterLoad(() => void loadRefusals(lang.peek()).catch(() => undefined));
};
loadUi(lang.value).then(draw, draw);

/** Runs `f` once the page has loaded and the browser is idle (or after 2 s at the latest). */
function afterLoad(f: () => void) {
  const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(f, { timeout: 2000 }) : setTimeout(f, 200));
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

// The installed app (docs/web.md, "Installing and caching"): the service
// worker built by vite-plugin-pwa (vite.config.ts) keeps the built files, so
// the next visit opens from the cache without waiting for the network.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  const sw = navigator.serviceWorker;
  // Registered once the page has loaded and the browser is idle: its
  // precache (the whole build) would otherwise compete with the first
  // visit's own files on a slow network.
  afterLoad(
    () =>
      void sw.register("sw.js", { scope: "./" }).catch(() => {
        // No service worker (a private window may refuse one): the app works
        // as before, from the network.
      }),
  );

  // A new build: its worker takes over at once (skipWaiting, clientsClaim)
  // and drops the old build's files from the cache, which this page, still
  // running the old build, may yet need (a game's screen is loaded when its
  // table opens). So the page moves to the new build at the person's next
  // change of screen, never in the middle of one.
  let controlled = sw.controller !== null;
  sw.addEventListener("controllerchange", () => {
    if (controlled) window.addEventListener("hashchange", () => location.reload(), { once: true });
    controlled = true;
  });

  // Opened from the cache while the server cannot be reached: the offline
  // page (kept by the service worker) says so and offers to try again; it
  // comes back to this screen. Every screen of the app asks the server
  // (the games' list at least), so none is of use without it.
  // A device table (src/device/) needs no server: it opens offline from the cache.
  if (sw.controller && opened.page !== "device")
    fetch("healthz", { cache: "no-store" }).then(
      (res) => {
        if (res.status === 502 || res.status === 503 || res.status === 504) toOfflinePage();
      },
      () => toOfflinePage(),
    );
}

function toOfflinePage() {
  location.replace("offline.html" + location.hash);
}
