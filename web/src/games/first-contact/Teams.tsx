// The teams with their items and tokens, the timer, and who has decided in
// a simultaneous phase.
import type { TableState } from "../../connection";
import type { FcView, ScreenModel } from "./model";
import { ColourToken, Who } from "./pieces";
import { t } from "./strings";

export function Teams({ state, v }: { state: TableState; v: FcView }) {
  return (
    <section class="fc-teams" aria-label={`${t("fc.team_aliens")} / ${t("fc.team_earthlings")}`}>
      <div>
        <h3>{t("fc.team_aliens")}</h3>
        <ul>
          {v.aliens.map((a) => (
            <li key={a.seat} data-seat={a.seat}>
              <ColourToken colour={a.colour} />
              <Who state={state} seat={a.seat} />
              <span class="fc-count">{t("fc.items", { n: a.items, goal: v.goal })}</span>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3>{t("fc.team_earthlings")}</h3>
        <ul>
          {v.earthlings.map((e) => (
            <li key={e.seat} data-seat={e.seat}>
              <Who state={state} seat={e.seat} />
              <span class="fc-count">
                {Object.entries(e.tokens).map(([c, n]) =>
                  Array.from({ length: n }, (_, i) => <ColourToken key={`${c}${i}`} colour={c} size={11} />),
                )}{" "}
                {t("fc.tokens", { n: e.total })}
              </span>
            </li>
          ))}
        </ul>
      </div>
      {v.timer !== undefined && (
        <div class="fc-timer" title={t("fc.timer_help")} data-timer={v.timer}>
          <h3>{t("fc.timer", { n: v.timer })}</h3>
          <div class="fc-timer-tokens" aria-hidden="true">
            {Array.from({ length: v.timer }, (_, i) => (
              <ColourToken key={i} colour="red" size={13} />
            ))}
          </div>
          <small class="muted">{t("fc.timer_help")}</small>
        </div>
      )}
    </section>
  );
}

export function Decisions({ state, m }: { state: TableState; m: ScreenModel }) {
  if (!m.decisions) return null;
  return (
    <section class="fc-decisions" aria-label={t("fc.decisions")}>
      <h3>{t("fc.decisions")}</h3>
      <ul>
        {m.decisions.map((d) => (
          <li key={d.seat} class={d.decided ? "decided" : "deciding"} data-seat={d.seat}>
            <Who state={state} seat={d.seat} />
            <span class="fc-decision">{d.decided ? `✓ ${t("fc.decided")}` : `… ${t("fc.deciding")}`}</span>
          </li>
        ))}
      </ul>
      <small class="muted">{t("fc.decisions_help")}</small>
    </section>
  );
}
