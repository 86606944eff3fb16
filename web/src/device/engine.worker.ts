// The engine's Web Worker (docs/web.md, "The engine on the device"): loads
// the engine in WebAssembly (build/wasm/wasm/meeple_engine.{js,wasm}, brought
// into the build by vite.config.ts's meeple-engine module) and answers each
// request the page posts, {id, request}, with {id, answer}: the request a
// JSON text of wasm/device_table.h, the answer its JSON text. The page never
// runs the engine on its own thread, so a bot thinking never stalls it.
import createMeepleEngine, { wasmUrl } from "virtual:meeple-engine";

type Handle = (request: string) => string;

let engine: Promise<Handle> | null = null;

function load(): Promise<Handle> {
  if (!createMeepleEngine || !wasmUrl) return Promise.reject(new Error("device/unavailable"));
  const url = wasmUrl;
  const create = createMeepleEngine;
  // A module that cannot compile (a Content-Security-Policy without
  // 'wasm-unsafe-eval') aborts: its promise would never settle otherwise.
  engine ??= new Promise<Handle>((ok, fail) => {
    create({ locateFile: () => url, onAbort: (what) => fail(new Error(String(what))) }).then(
      (m) => ok((request: string) => m.ccall("meeple_handle", "string", ["string"], [request]) as string),
      fail,
    );
  });
  return engine;
}

self.onmessage = (e: MessageEvent<{ id: number; request: string }>) => {
  const { id, request } = e.data;
  load().then(
    (handle) => {
      let answer: string;
      try {
        answer = handle(request);
      } catch (err) {
        answer = JSON.stringify({ ok: false, error: { code: "engine/internal", message: String(err) } });
      }
      self.postMessage({ id, answer });
    },
    (err: unknown) =>
      self.postMessage({
        id,
        answer: JSON.stringify({ ok: false, error: { code: "device/unavailable", message: String(err) } }),
      }),
  );
};
