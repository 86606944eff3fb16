// The panels around the Ufo! map: the status (what to do now), the dice, the
// bump and the control roll step by step, the buttons no piece plays, each
// player's panel and the legend (the events are the table's one list, components/EventLog).
import { useState } from "preact/hooks";
import { seatName } from "../../components/SeatList";
import type { TableState } from "../../connection";
import type { Choice, JsonObject } from "../../protocol";
import { SeatMark, seatColour } from "../../seats";
import swordsUrl from "@twemoji/svg/2694.svg";
import { Eye, Kiosk, Restaurant, Saucer } from "./Board";
import { lastRolls } from "./dice";
import type { View } from "./model";
import { UFO_TYPES, controlNeed, controlledCities, promptKey, signed } from "./model";
import { msg, phaseName, placeName, typeName, ufoName } from "./names";
import { tu } from "./strings";

export function Status({
  state,
  view,
  mine,
  selected,
  buttons,
  hasUfoActs,
  send,
}: {
  state: TableState;
  view: View;
  mine: boolean;
  selected: number | null;
  buttons: Choice[];
  hasUfoActs: boolean;
  send: (c: Choice) => void;
}) {
  const round =
    view.round === 0
      ? tu("round.setup")
      : view.max_rounds
        ? tu("round.of", { round: view.round, max: view.max_rounds })
        : tu("round.n", { round: view.round });
  const key = promptKey(view, mine, selected, hasUfoActs);
  const sel = selected !== null ? view.ufos[selected] : undefined;
  const prompt = key
    ? tu(key, {
        ufo: sel ? ufoName(sel.id, sel.type) : "",
        type: typeName("standard"),
        city: view.bump?.eyewitness_for ? placeName(view.bump.eyewitness_for) : "",
      })
    : tu("prompt.wait", {
        names: (state.to_act ?? []).map((s) => seatName(state, s)).join(", ") || seatName(state, view.active),
        phase: phaseName(view.phase),
      });
  const active = view.active;
  // Every choice without a piece, here by the prompt (the roll also on the control roll panel).
  const shown = buttons;
  return (
    <section class={`ufo-status${mine ? " mine" : ""}`} aria-live="polite">
      <div class="who">
        {view.round > 0 && <span class="round">{round}</span>}
        {/* Whose turn, unless it is the person's own: the action bar says that once for the page. */}
        {view.phase !== "over" && active !== state.seat && (
          <span class="turn" style={{ borderColor: seatColour(active) }}>
            <SeatMark seat={active} size={18} />
            {tu("turn.of", { name: seatName(state, active) })}
          </span>
        )}
        {mine && active !== state.seat && <span class="you-decide">{tu("turn.you_decide")}</span>}
        <span class="phase">{phaseName(view.phase)}</span>
      </div>
      <p class="prompt">{prompt}</p>
      {shown.length > 0 && (
        <div class="ufo-buttons">
          {shown.map((c) => (
            <button
              key={c.action}
              type="button"
              class={"end" in (c.json as JsonObject) ? "primary" : ""}
              title={c.words}
              data-json={JSON.stringify(c.json)}
              onClick={() => send(c)}
            >
              {c.words}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

export function Die({ value, sides }: { value?: number; sides: 6 | 12 }) {
  return (
    <svg class={`die d${sides}`} viewBox="0 0 30 30" width="30" height="30" aria-hidden="true">
      {sides === 6 ? <rect x="2" y="2" width="26" height="26" rx="5" /> : <path d="M15 1l13 9.5-5 16H7L2 10.5z" />}
      <text x="15" y={sides === 6 ? 20 : 21}>
        {value ?? "?"}
      </text>
    </svg>
  );
}

export function DicePanel({ log }: { log: string[] }) {
  const rolls = lastRolls(log);
  if (!rolls.length) return null;
  return (
    <section class="ufo-card dice-panel" aria-live="polite">
      <h3>{tu("dice.title")}</h3>
      {rolls.map((r, i) => (
        <div class={`roll ${r.kind}`} key={`${log.length}-${i}`} data-die={r.die}>
          <Die sides={r.kind === "control" ? 12 : 6} value={r.die} />
          <div>
            <div>{r.line}</div>
            {r.outcome && <strong>{r.outcome}</strong>}
          </div>
        </div>
      ))}
    </section>
  );
}

export function BumpPanel({ view, names }: { view: View; names: string[] }) {
  const b = view.bump!;
  const att = view.ufos[b.attacking_ufo];
  const attacker = att?.owner ?? view.active;
  const deciding = b.deciding_ufo !== undefined ? view.ufos[b.deciding_ufo] : undefined;
  return (
    <section class="ufo-card bump-panel" aria-label={tu("bump.title", { space: placeName(b.space) })}>
      <h3>{tu("bump.title", { space: placeName(b.space) })}</h3>
      <div class="sides">
        <div class="side-box">
          <span class="role">{tu("bump.attacker")}</span>
          <span>
            <SeatMark seat={attacker} /> {names[attacker]}
          </span>
          {att && <small>{ufoName(att.id, att.type)}</small>}
          <span>{tu("bump.bonus", { n: signed(b.attack_bonus) })}</span>
          {b.attack_die !== undefined && <Die value={b.attack_die} sides={6} />}
        </div>
        <img class="vs" src={swordsUrl} alt="" width="26" height="26" />
        <div class="side-box">
          <span class="role">{tu("bump.defender")}</span>
          <span>
            <SeatMark seat={b.defender} /> {names[b.defender]}
          </span>
          <span>{tu("bump.bonus", { n: signed(b.defence_bonus) })}</span>
        </div>
      </div>
      {deciding && (
        <p>{tu("bump.deciding", { ufo: `${ufoName(deciding.id, deciding.type)} (${names[deciding.owner]})` })}</p>
      )}
      {b.winner !== undefined && (
        <p class="winner">{tu("bump.winner", { name: names[b.winner] ?? "", n: b.steps_left ?? 0 })}</p>
      )}
    </section>
  );
}

export function ControlPanel({ view, buttons, send }: { view: View; buttons: Choice[]; send: (c: Choice) => void }) {
  const r = view.control_roll!;
  const u = view.ufos[r.ufo];
  const need = controlNeed(r);
  const roll = buttons.find((c) => "roll" in (c.json as JsonObject));
  const deed = r.deed.startsWith("take") ? msg("deed.take") : msg("deed.open");
  return (
    <section class="ufo-card control-panel">
      <h3>{tu("control.title", { city: u ? placeName(u.space) : "" })}</h3>
      {u && <p>{tu("control.deed", { ufo: ufoName(u.id, u.type), deed })}</p>}
      <p class="need">
        <Die sides={12} value={need <= 12 ? need : undefined} />
        {need <= 12 ? tu("control.need", { need }) : tu("control.impossible")}
      </p>
      <small>{tu("control.detail", { res: r.resistance, mod: signed(r.modifier), n: r.assistants })}</small>
      {roll && (
        <button
          type="button"
          class="primary roll"
          title={roll.words}
          data-json={JSON.stringify(roll.json)}
          onClick={() => send(roll)}
        >
          <Die sides={12} /> {tu("control.roll")}
        </button>
      )}
    </section>
  );
}

export function Players({ view, state }: { view: View; state: TableState }) {
  const cities = controlledCities(view);
  return (
    <section class="ufo-players">
      {view.players.map((p, i) => (
        <div
          key={i}
          class={`ufo-card player${i === view.active ? " active" : ""}${i === state.seat ? " me" : ""}`}
          data-seat={i}
          style={{ borderColor: seatColour(i) }}
        >
          <div class="head">
            <SeatMark seat={i} size={18} />
            <strong class="pname">{seatName(state, i)}</strong>
            <span class="score">{tu("player.score", { n: p.score })}</span>
          </div>
          <div class="row">
            <span class="label">{tu("player.cities")}:</span>{" "}
            {cities[i]?.length ? cities[i].map(placeName).join(", ") : <em>{tu("player.no_cities")}</em>}
          </div>
          <div class="row supply" title={tu("player.supply")}>
            <span class="label">{tu("player.supply")}:</span>
            <span class="item" title={tu("player.restaurants")}>
              <svg viewBox="-8 -8 16 16" width="16" height="16" aria-hidden="true">
                <Restaurant seat={i} x={0} y={0} />
              </svg>
              {p.restaurants_left} <span class="sr">{tu("player.restaurants")}</span>
            </span>
            <span class="item" title={tu("player.kiosks")}>
              <svg viewBox="-11 -11 22 22" width="18" height="18" aria-hidden="true">
                <Kiosk seat={i} x={0} y={0} />
              </svg>
              {p.kiosks_left} <span class="sr">{tu("player.kiosks")}</span>
            </span>
            <span class="item" title={tu("player.eyewitnesses")}>
              <svg viewBox="-12 -8 24 16" width="22" height="15" aria-hidden="true">
                <Eye seat={i} x={0} y={0} n={1} />
              </svg>
              {p.eyewitnesses_left} <span class="sr">{tu("player.eyewitnesses")}</span>
            </span>
            {UFO_TYPES.map((t) => (
              <span class="item" key={t} title={typeName(t)}>
                <svg viewBox="-18 -12 36 22" width="26" height="16" aria-hidden="true">
                  <Saucer owner={i} type={t} x={0} y={0} />
                </svg>
                {p.ufos_left[t]}
                <span class="sr">{typeName(t)}</span>
              </span>
            ))}
          </div>
          <div class="row">
            <span class="label">{tu("player.in_play")}:</span> <strong>{p.ufos}</strong>
          </div>
          {p.skips_next_turn && <div class="row flag">{tu("player.skips")}</div>}
          {view.lost_bump && i === view.active && view.phase !== "over" && (
            <div class="row flag">{tu("player.lost_bump")}</div>
          )}
        </div>
      ))}
    </section>
  );
}

export function Legend({ open }: { open: boolean }) {
  // Open at the start of the game for a new player; then as the person leaves it.
  const [initial] = useState(open);
  return (
    <details class="ufo-card legend" open={initial}>
      <summary>{tu("legend.title")}</summary>
      <ul>
        <li>
          <svg viewBox="-24 -24 48 48" width="28" height="28" aria-hidden="true">
            <circle r="21" class="legend-city" />
            <text y="6" text-anchor="middle" font-weight="bold" font-size="18">
              7
            </text>
          </svg>
          {tu("legend.city")}
        </li>
        <li>
          <svg viewBox="-12 -12 24 24" width="20" height="20" aria-hidden="true">
            <circle r="9.5" class="legend-village" />
          </svg>
          {tu("legend.village")}
        </li>
        <li>
          <svg viewBox="-8 -8 30 16" width="30" height="16" aria-hidden="true">
            <rect x="-6" y="-6" width="12" height="12" rx="1.5" class="legend-free" />
            <Restaurant seat={0} x={14} y={0} />
          </svg>
          {tu("legend.restaurant")}
        </li>
        <li>
          <svg viewBox="-11 -11 22 22" width="20" height="20" aria-hidden="true">
            <Kiosk seat={1} x={0} y={0} />
          </svg>
          {tu("legend.kiosk")}
        </li>
        <li>
          <svg viewBox="-12 -8 24 16" width="24" height="16" aria-hidden="true">
            <Eye seat={0} x={0} y={0} n={1} />
          </svg>
          {tu("legend.eye")}
        </li>
        <li>
          <svg viewBox="-14 -14 28 28" width="20" height="20" aria-hidden="true">
            <circle r="10" fill="none" stroke={seatColour(1)} stroke-width="4" />
          </svg>
          {tu("legend.control")}
        </li>
        {UFO_TYPES.map((t) => (
          <li key={t}>
            <svg viewBox="-18 -12 36 22" width="32" height="20" aria-hidden="true">
              <Saucer owner={0} type={t} x={0} y={0} />
            </svg>
            {tu(`legend.${t}`, { type: typeName(t) })}
          </li>
        ))}
        <li>
          <svg viewBox="0 0 20 10" width="20" height="10" aria-hidden="true">
            <line x1="0" y1="5" x2="20" y2="5" stroke="#6b7b8a" stroke-width="2.5" />
          </svg>
          {tu("legend.lines")}
        </li>
      </ul>
    </details>
  );
}
