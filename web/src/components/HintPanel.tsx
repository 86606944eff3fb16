// The Hint button and the hint it brings (docs/web.md, "Hints"): at a table
// whose host allows hints, at the person's own decision, the bot's top
// choices with their chance to win and one line saying why, in the
// person's language. Choosing a shown choice plays it. The server answers
// from what the seat knows only, and marks the hint in the game's record.
import type { TableConnection, TableState } from "../connection";
import type { HintChoice, Json } from "../protocol";
import { t } from "../strings";

const percent = (x: number) => Math.round(100 * Math.min(1, Math.max(0, x)));

export function HintPanel({
  state,
  conn,
  act,
  named,
  disabled,
}: {
  state: TableState;
  conn: TableConnection;
  act: (a: number | Json) => void;
  /** The engine's words with the players' names in (as the choices and events have them). */
  named: (text: string) => string;
  disabled?: boolean;
}) {
  const mine = state.phase === "playing" && state.seat >= 0 && (state.to_act ?? []).includes(state.seat);
  if (!state.table_options?.hints || !mine || (state.choices ?? []).length < 2) return null;
  const hint = conn.hint.value?.version === state.version ? conn.hint.value : null;
  const asking = conn.hintAsked.value === state.version;
  const offered = (c: HintChoice) => (state.choices ?? []).some((o) => o.action === c.action);
  return (
    <section class="hint" aria-label={t("table.hint")}>
      {!hint && (
        <button
          type="button"
          class="hint-button"
          title={t("table.hint_title")}
          aria-busy={asking}
          disabled={disabled || asking}
          onClick={() => conn.askHint()}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z"
              fill="none"
              stroke="currentColor"
              stroke-width="2"
              stroke-linejoin="round"
            />
          </svg>
          {asking ? t("table.hint_wait") : t("table.hint")}
        </button>
      )}
      {hint && (
        <div class="hint-answer" role="status">
          <h3>{t("table.hint_heading")}</h3>
          <ol>
            {hint.choices.filter(offered).map((c) => (
              <li key={c.action} data-action={c.action}>
                <button
                  type="button"
                  class="hint-choice"
                  disabled={disabled}
                  aria-label={t("table.hint_play", { words: named(c.words) })}
                  onClick={() => act(c.action)}
                >
                  <span class="words">{named(c.words)}</span>
                  <span class="chance">{t("table.hint_chance", { p: percent(c.chance) })}</span>
                </button>
                <p class="why">{named(c.why)}</p>
              </li>
            ))}
          </ol>
          <button type="button" class="small link hint-close" onClick={() => (conn.hint.value = null)}>
            {t("table.hint_close")}
          </button>
        </div>
      )}
    </section>
  );
}
