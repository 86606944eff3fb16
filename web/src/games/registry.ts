// The games the client can draw, each loaded on demand (a separate chunk).
import type { GameModule } from "./types";

const loaders: Record<string, () => Promise<{ default: GameModule }>> = {
  ufo: () => import("./ufo/index"),
  "first-giants": () => import("./first-giants/index"),
  "first-contact": () => import("./first-contact/index"),
};

const cache = new Map<string, Promise<GameModule>>();

/** The game's module, or null for a game this client has no screen for (the choice list still plays it). */
export function loadGame(name: string): Promise<GameModule | null> {
  const load = loaders[name];
  if (!load) return Promise.resolve(null);
  let p = cache.get(name);
  if (!p) {
    p = load().then((m) => m.default);
    cache.set(name, p);
  }
  return p;
}
