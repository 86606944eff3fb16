// Hash routes, so that `meeple serve` needs no fallback for client paths and
// an invite link is just the address with #/t/<table>.
import { signal } from "@preact/signals";

export type Route =
  | { page: "home" }
  | { page: "my" }
  | { page: "new"; game: string }
  | { page: "table"; id: string }
  | { page: "replay"; id: string; seat?: number; review?: boolean }
  | { page: "rules"; game: string; section?: string }
  | { page: "account" }
  | { page: "player"; name: string }
  | { page: "playnow"; game: string }
  | { page: "board"; game?: string }
  | { page: "device"; game?: string; id?: string }
  | { page: "tournament"; id?: string };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "my") return { page: "my" };
  if (parts[0] === "account") return { page: "account" };
  if (parts[0] === "players" && parts[1]) return { page: "player", name: parts[1] };
  if (parts[0] === "leaderboards") return parts[1] ? { page: "board", game: parts[1] } : { page: "board" };
  if (parts[0] === "tournaments") return parts[1] ? { page: "tournament", id: parts[1] } : { page: "tournament" };
  if (parts[0] === "play" && parts[1]) return { page: "playnow", game: parts[1] };
  if (parts[0] === "new" && parts[1]) return { page: "new", game: parts[1] };
  if (parts[0] === "t" && parts[1]) return { page: "table", id: parts[1] };
  // A table on this device (src/device/), and the form of a new one.
  if (parts[0] === "d" && parts[1]) return { page: "device", id: parts[1] };
  if (parts[0] === "device") return { page: "device", game: parts[1] };
  if (parts[0] === "replay" && parts[1]) {
    // #/replay/<table>/<seat>[/review]: as that seat saw it, the bot's review asked at once.
    const seat = /^\d+$/.test(parts[2] ?? "") ? Number(parts[2]) : undefined;
    if (seat === undefined) return { page: "replay", id: parts[1] };
    return parts[3] === "review"
      ? { page: "replay", id: parts[1], seat, review: true }
      : { page: "replay", id: parts[1], seat };
  }
  if (parts[0] === "rules" && parts[1]) return { page: "rules", game: parts[1], section: parts[2] };
  return { page: "home" };
}

export function href(r: Route): string {
  switch (r.page) {
    case "home":
      return "#/";
    case "my":
      return "#/my";
    case "new":
      return `#/new/${r.game}`;
    case "table":
      return `#/t/${r.id}`;
    case "device":
      return r.id ? `#/d/${r.id}` : `#/device/${r.game ?? ""}`;
    case "replay":
      return `#/replay/${r.id}${r.seat === undefined ? "" : `/${r.seat}${r.review ? "/review" : ""}`}`;
    case "account":
      return "#/account";
    case "player":
      return `#/players/${encodeURIComponent(r.name)}`;
    case "playnow":
      return `#/play/${r.game}`;
    case "board":
      return r.game ? `#/leaderboards/${encodeURIComponent(r.game)}` : "#/leaderboards";
    case "tournament":
      return r.id ? `#/tournaments/${encodeURIComponent(r.id)}` : "#/tournaments";
    case "rules":
      return `#/rules/${r.game}${r.section ? "/" + encodeURIComponent(r.section) : ""}`;
  }
}

export const route = signal<Route>(parseRoute(typeof location !== "undefined" ? location.hash : ""));

if (typeof window !== "undefined") {
  window.addEventListener("hashchange", () => {
    route.value = parseRoute(location.hash);
  });
}

export function go(r: Route): void {
  location.hash = href(r);
}
