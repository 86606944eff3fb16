import { useEffect, useState } from "preact/hooks";
import type { Credentials } from "../../api";
import { credentials, remember } from "../../api";
import { APP_TITLE, useTurnSignal } from "../../attention";
import type { TableState } from "../../connection";
import { loadGame } from "../../games/registry";
import type { GameModule } from "../../games/types";
import { GAME_INFO } from "../../games/info";
import { t } from "../../strings";

export function gameTitle(game: string | undefined): string {
  return (game && GAME_INFO[game]?.title) || game || "";
}

/** The tab's title and icon, and a notification, when someone at this device must act. */
export function useTableSignal(state: TableState | null, who: string | null) {
  const game = gameTitle(state?.game);
  const title = !state ? APP_TITLE : who ? `● ${who} — ${game} — ${APP_TITLE}` : `${game} — ${APP_TITLE}`;
  useTurnSignal(who ? 1 : 0, title, {
    title: t("notify.title", { game }),
    body: t("notify.body"),
    tag: `meeple-${state?.table ?? ""}`,
  });
}

/** Keeps this browser's seats at the rematch: its table learns the same tokens. */
export function useRematchSeats(rematch: string | undefined, creds: Credentials) {
  useEffect(() => {
    if (rematch && !credentials(rematch).token && (creds.token || creds.host_token)) remember(rematch, { ...creds });
  }, [rematch, creds]);
}

export function useGame(game: string | undefined): GameModule | null {
  const [mod, setMod] = useState<GameModule | null>(null);
  useEffect(() => {
    if (game) loadGame(game).then(setMod);
  }, [game]);
  return mod;
}
