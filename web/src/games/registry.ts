// The games the client can draw: every folder here with an index.tsx whose
// default export is its GameModule, named as the engine names the game
// (src/games/first-contact/ draws "first-contact"). Found by the build, so no
// list names them; each is loaded on demand (a separate chunk).
import type { ShowsDecision } from "../connection";
import type { GameModule } from "./types";

const modules = import.meta.glob<{ default: GameModule }>("./*/index.tsx");

const loaders: Record<string, () => Promise<{ default: GameModule }>> = Object.fromEntries(
  Object.entries(modules).map(([path, load]) => [path.split("/")[1], load]),
);

const cache = new Map<string, Promise<GameModule>>();

/** The games this client has a screen for, by the engine's name. */
export const GAMES_WITH_SCREENS: readonly string[] = Object.keys(loaders).sort();

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

/** The game's reader of views for its table's connection (ConnectionOptions.readViews); null when it has none. */
export function viewReader(name: string): Promise<ShowsDecision | null> {
  return loadGame(name).then((m) => m?.shows ?? null);
}
