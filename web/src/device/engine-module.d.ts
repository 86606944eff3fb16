// The engine's module as vite.config.ts's meeple-engine plugin gives it:
// Emscripten's factory and the address of its .wasm file, or null for both
// when the build has no WebAssembly engine (no em++ where it was built).
declare module "virtual:meeple-engine" {
  interface EngineModule {
    ccall(name: string, returns: "string", args: "string"[], values: string[]): unknown;
  }
  const createMeepleEngine:
    | ((options: { locateFile: (file: string) => string; onAbort: (what: unknown) => void }) => Promise<EngineModule>)
    | null;
  export default createMeepleEngine;
  export const wasmUrl: string | null;
}

/** Whether this build carries the engine in WebAssembly (vite.config.ts). */
declare const __DEVICE_ENGINE__: boolean;
