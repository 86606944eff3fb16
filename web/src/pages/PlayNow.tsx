// "Play now": a seat at a public table with others waiting for
// the same game and player count; bots of the chosen strength take the
// seats still free when the wait is over (POST /api/play-now).
import { useState } from "preact/hooks";
import { api, playerName, rememberName, rememberSeat } from "../api";
import { account } from "../account";
import { GAME_INFO } from "../games/info";
import type { GameInfo } from "../protocol";
import { errorText } from "../refusal";
import { go, href } from "../router";
import { t } from "../strings";
import { botSpec, NameAndPlayers, type Strength } from "./NewTable";
import { FormError } from "../components/FormError";

/** The waits offered, in seconds (the server takes 0 to 600). */
export const WAITS = [0, 15, 30, 60, 120, 300, 600];

export function waitWords(s: number): string {
  if (s === 0) return t("playnow.no_wait");
  return s < 60 ? t("playnow.seconds", { n: s }) : t("dur.min", { n: s / 60 });
}

export function PlayNow({ game }: { game: GameInfo }) {
  const signedIn = account.value?.name;
  const [players, setPlayers] = useState(Math.min(Math.max(game.min_players, 2), game.max_players));
  const [strength, setStrength] = useState<Strength>("medium");
  const [wait, setWait] = useState(30);
  const [name, setName] = useState(playerName());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const who = signedIn ?? (name.trim() || t("new.person"));
      if (!signedIn) rememberName(who);
      const spec = botSpec(game, { kind: "bot", strength });
      const r = await api.playNow({
        game: game.name,
        players,
        name: who,
        bot: spec.kind === "bot" ? spec.bot : game.default_bot,
        wait_seconds: wait,
      });
      rememberSeat(r.table, { seat: r.seat, token: r.token, name: r.name ?? who });
      go({ page: "table", id: r.table });
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };
  return (
    <main class="new-table play-now">
      <h1>{t("playnow.title", { game: GAME_INFO[game.name]?.title ?? game.title })}</h1>
      <p class="muted">{t("playnow.help")}</p>
      <form onSubmit={submit}>
        <NameAndPlayers
          game={game}
          signedIn={!!signedIn}
          name={name}
          setName={setName}
          players={players}
          setPlayers={setPlayers}
        />
        <div class="param">
          <label for="bot">{t("playnow.bot")}</label>
          <select
            id="bot"
            value={strength}
            onChange={(e) => setStrength((e.target as HTMLSelectElement).value as Strength)}
          >
            {(["easy", "medium", "hard"] as const).map((k) => (
              <option key={k} value={k}>
                {t(`new.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <div class="param">
          <label for="wait">{t("playnow.wait")}</label>
          <select id="wait" value={wait} onChange={(e) => setWait(Number((e.target as HTMLSelectElement).value))}>
            {WAITS.map((w) => (
              <option key={w} value={w}>
                {waitWords(w)}
              </option>
            ))}
          </select>
        </div>
        <FormError message={error} />
        <div class="actions">
          <button class="primary" type="submit" disabled={busy}>
            {t("playnow.go")}
          </button>
          <a class="button" href={href({ page: "home" })}>
            {t("new.cancel")}
          </a>
        </div>
      </form>
    </main>
  );
}
