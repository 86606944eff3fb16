// Run by Vitest before every test file (vite.config.ts, test.setupFiles).
//
// Preact runs a component's effects, and the cleanups of effects whose
// dependencies changed, after paint: on an animation frame or at the latest
// 100 ms later (a timer). A test file whose last render changed a signal
// can leave such a flush pending when the file ends; jsdom's window is gone
// by then, and a cleanup that touches `window` throws an unhandled error
// that fails the run though every test passed. Each file waits for those
// flushes before its environment is torn down.
import { afterAll } from "vitest";

afterAll(() => new Promise<void>((done) => setTimeout(done, 150)));
