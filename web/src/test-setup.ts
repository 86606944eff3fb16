// Run by Vitest before every test file (vite.config.ts, test.setupFiles).
//
// The files share their worker's jsdom window and module cache (isolate:
// false, vite.config.ts says why), so each file starts here from what a fresh
// window would give it: the app's own modules evaluated anew (their signals:
// language, account, route), an empty document and storage, real timers and
// the globals the environment made (fetch, WebSocket, ...).
import { afterAll, vi } from "vitest";

vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.restoreAllMocks();
localStorage.clear();
sessionStorage.clear();
history.replaceState(null, "", "/");
document.title = "";
document.documentElement.removeAttribute("lang");
document.head.replaceChildren();
document.body.replaceChildren();
// Every language's words at once (the app loads one at a time, strings.ts):
// after the reset, so the test file's own imports get these modules.
await import("./strings/all");

// Preact runs a component's effects, and the cleanups of effects whose
// dependencies changed, after paint: on an animation frame or at the latest
// 100 ms later (a timer). A test file whose last render changed a signal
// can leave such a flush pending when the file ends; a cleanup that runs in
// the next file's document, or after the window is gone, throws an unhandled
// error that fails the run though every test passed. Each file waits for
// those flushes before the next one starts.
afterAll(() => new Promise<void>((done) => setTimeout(done, 150)));
