import { useState } from "preact/hooks";
import { api, credentials, remember } from "../../api";
import { ScoreTable } from "../../components/ScoreTable";
import { seatName } from "../../components/SeatList";
import type { TableState } from "../../connection";
import type { GameModule } from "../../games/types";
import { href } from "../../router";
import { t } from "../../strings";
import { errorText } from "../../refusal";
import { tableHost } from "./host";

export function EndScreen({
  state,
  mod,
  hostToken,
}: {
  state: TableState;
  mod: GameModule | null;
  hostToken?: string;
}) {
  const r = state.result;
  const [error, setError] = useState<string | null>(null);
  const End = tableHost(state.table)?.End;
  if (!r) return null;
  const Result = mod?.Result;
  if (End)
    return (
      <section class="end-screen" aria-label={t("end.title")}>
        <ScoreTable result={r} name={(s) => seatName(state, s)} />
        {Result && <Result state={state} />}
        <End state={state} />
      </section>
    );
  return (
    <section class="end-screen" aria-label={t("end.title")}>
      <ScoreTable result={r} name={(s) => seatName(state, s)} />
      {Result && <Result state={state} />}
      <div class="actions">
        {state.rematch ? (
          <a class="button primary" href={href({ page: "table", id: state.rematch })}>
            {t("end.to_rematch")}
          </a>
        ) : (
          hostToken && (
            <button
              class="primary"
              type="button"
              onClick={() =>
                api
                  .rematch(state.table, hostToken)
                  .then((tb) => remember(tb.id, { ...credentials(state.table) }))
                  .catch((e: unknown) => setError(errorText(e)))
              }
            >
              {t("end.rematch")}
            </button>
          )
        )}
        <a class="button" href={api.recordUrl(state.table)} download={`${state.game}-${state.table}.json`}>
          {t("end.download")}
        </a>
        <a class="button" href={href({ page: "replay", id: state.table })}>
          {t("end.replay")}
        </a>
      </div>
      {error && <p class="error">{error}</p>}
    </section>
  );
}
