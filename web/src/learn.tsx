// "Learn to play": makes the game's guided first game (POST /api/tables with
// `guide: true`: a private table with the guide's players, deal and bots),
// takes its one person's seat (the game starts at once) and opens it.
import { useState } from "preact/hooks";
import { api, playerName, remember, rememberName, rememberSeat } from "./api";
import { LANGS } from "./protocol";
import { go } from "./router";
import { errorText } from "./refusal";
import { t } from "./strings";

/**
 * Creates and joins the guided table of `game` (its part `part`, 0 first);
 * resolves to its id once this browser holds the seat.
 */
export async function startGuide(game: string, part = 0): Promise<string> {
  const table = await api.create({ game, guide: true, guide_part: part, languages: [...LANGS] });
  remember(table.id, { host_token: table.host_token });
  const who = playerName().trim() || t("new.person");
  rememberName(who);
  const joined = await api.join(table.id, who);
  rememberSeat(table.id, { token: joined.token, seat: joined.seat, name: who });
  return table.id;
}

/**
 * The "Learn to play" button of a game: one click to a guided first game
 * (or, with `part`, to that part of it: "Next part" at the end of a part).
 */
export function LearnButton({
  game,
  part = 0,
  parts = 1,
  primary,
  help,
}: {
  game: string;
  part?: number;
  parts?: number;
  primary?: boolean;
  help?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const id = await startGuide(game, part);
      go({ page: "table", id });
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };
  return (
    <span class="learn">
      <button
        type="button"
        class={`learn-button${primary ? " primary" : ""}`}
        data-learn={game}
        data-part={part}
        disabled={busy}
        title={t("guide.learn_help")}
        onClick={start}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <path d="M1 5.5 8 2l7 3.5L8 9z" fill="currentColor" />
          <path d="M4 7.5V11c1 1.2 2.5 1.8 4 1.8s3-.6 4-1.8V7.5L8 9.5z" fill="currentColor" opacity=".75" />
        </svg>
        {busy ? t("guide.starting") : part > 0 ? t("guide.next_part", { n: part + 1, m: parts }) : t("guide.learn")}
      </button>
      {help && <small class="learn-help muted">{t("guide.learn_help")}</small>}
      {error && (
        <small class="error" role="alert">
          {error}
        </small>
      )}
    </span>
  );
}
