// The page's side of the engine's worker (engine.worker.ts): one worker for
// the page, started on the first request (a device table opening), and
// requests answered in order. Tests give their own `Engine` (an object with
// `ask`) in place of the worker.
import type { Json, JsonObject } from "../protocol";

/** An answer of the engine (wasm/device_table.h): ok with its fields, or a refusal with its code. */
export type EngineAnswer = { ok: true; [key: string]: Json } | { ok: false; error: { code: string; message: string } };

export interface Engine {
  ask(request: JsonObject): Promise<EngineAnswer>;
}

/** Whether this build carries the engine in WebAssembly (without em++ it is built without it). */
export const engineAvailable: boolean = typeof __DEVICE_ENGINE__ !== "undefined" && __DEVICE_ENGINE__;

/** The engine refused a request: its code (`engine/…`, `action/…`) and words. */
export class EngineError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

class WorkerEngine implements Engine {
  private worker: Worker | null = null;
  private next = 1;
  private waiting = new Map<number, (answer: EngineAnswer) => void>();

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL("./engine.worker.ts", import.meta.url), { type: "module" });
    w.onmessage = (e: MessageEvent<{ id: number; answer: string }>) => {
      const done = this.waiting.get(e.data.id);
      this.waiting.delete(e.data.id);
      done?.(JSON.parse(e.data.answer) as EngineAnswer);
    };
    w.onerror = (e) => {
      // The worker could not start (its file out of reach): every request waiting is refused.
      for (const done of this.waiting.values())
        done({ ok: false, error: { code: "device/unavailable", message: e.message || "the engine did not start" } });
      this.waiting.clear();
      this.worker = null;
    };
    this.worker = w;
    return w;
  }

  ask(request: JsonObject): Promise<EngineAnswer> {
    if (!engineAvailable)
      return Promise.resolve({ ok: false, error: { code: "device/unavailable", message: "no engine in this build" } });
    const id = this.next++;
    return new Promise((done) => {
      this.waiting.set(id, done);
      this.start().postMessage({ id, request: JSON.stringify(request) });
    });
  }
}

let shared: Engine | null = null;

/** The page's engine (its worker started on the first request). */
export function deviceEngine(): Engine {
  shared ??= new WorkerEngine();
  return shared;
}

/** For tests: the engine every device table uses from now on. */
export function setEngine(e: Engine | null): void {
  shared = e;
}

/** The fields of an ok answer, or throws its refusal as an EngineError. */
export async function ask(engine: Engine, request: JsonObject): Promise<JsonObject> {
  const a = await engine.ask(request);
  if (!a.ok) throw new EngineError(a.error.code, a.error.message);
  return a as unknown as JsonObject;
}
