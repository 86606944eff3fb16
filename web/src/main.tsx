import { render } from "preact";
import { App } from "./app";
import "./styles.css";

render(<App />, document.getElementById("app")!);

// The installed app (docs/web.md, "Installing and caching"): the service
// worker built by vite-plugin-pwa (vite.config.ts) keeps the built files, so
// the next visit opens from the cache without waiting for the network.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  const sw = navigator.serviceWorker;
  void sw.register("sw.js", { scope: "./" }).catch(() => {
    // No service worker (a private window may refuse one): the app works
    // as before, from the network.
  });

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
  if (sw.controller)
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
