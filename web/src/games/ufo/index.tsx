// The Ufo! screen: what to do now, the map with every legal action on its
// pieces, the bump and control roll step by step, each player's panel; and
// the end screen's figures (cities and points per player).
import "./ufo.css";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { seatName } from "../../components/SeatList";
import type { TableState } from "../../connection";
import type { Choice, JsonObject } from "../../protocol";
import { SeatMark, seatColour } from "../../seats";
import type { GameModule, GameScreenProps } from "../types";
import { Board, Saucer, Shape } from "./Board";
import type { ClickResult, Trail, View } from "./model";
import {
  UFO_TYPES,
  advanceTrails,
  asView,
  controlNeed,
  controlledCities,
  effectiveSelection,
  focusBox,
  mapSpace,
  pieceActions,
  spacesInPlay,
  targets,
  turnKey,
  viewBox,
  promptKey,
  signed,
} from "./model";
import { lastRolls } from "./dice";
import { msg, phaseName, placeName, typeName, ufoName, verdictName } from "./names";
import { tu } from "./strings";

interface Menu {
  choices: Choice[];
  x: number;
  y: number;
}

/** True on a small screen (a phone held upright). */
function useNarrow(): boolean {
  const query = "(max-width: 700px)";
  const [narrow, setNarrow] = useState(() => typeof matchMedia === "function" && matchMedia(query).matches);
  useEffect(() => {
    if (typeof matchMedia !== "function") return;
    const mq = matchMedia(query);
    const on = () => setNarrow(mq.matches);
    mq.addEventListener("change", on);
    on();
    return () => mq.removeEventListener("change", on);
  }, []);
  return narrow;
}

/** Puts the menu beside the piece, opening towards the middle of the map so it stays inside. */
function menuPlace(m: Menu): Record<string, string> {
  const at: Record<string, string> = {};
  if (m.x < 0.5) at.left = `${Math.max(m.x * 100 + 2, 1)}%`;
  else at.right = `${Math.max(100 - m.x * 100 + 2, 1)}%`;
  if (m.y < 0.5) at.top = `${m.y * 100 + 2}%`;
  else at.bottom = `${Math.max(100 - m.y * 100 + 2, 1)}%`;
  return at;
}

function names(state: TableState, players: number): string[] {
  return Array.from({ length: Math.max(players, state.seats.length) }, (_, i) => seatName(state, i));
}

function Screen({ state, log, act, pending }: GameScreenProps) {
  const view = useMemo(() => asView(state.view), [state.view]);
  const choices = state.choices ?? [];
  const mine = (state.to_act ?? []).includes(state.seat) && choices.length > 0;
  const acts = useMemo(() => pieceActions(mine ? choices : []), [choices, mine]);
  const [picked, setPicked] = useState<number | null>(null);
  const [menu, setMenu] = useState<Menu | null>(null);
  const selected = effectiveSelection(acts, picked, view);
  const seatNames = names(state, view.players.length);
  const menuRef = useRef<HTMLDivElement>(null);
  // Each UFO's last flight, followed from one view to the next.
  const flights = useRef<{ view: View | null; trails: Map<number, Trail> }>({ view: null, trails: new Map() });
  if (flights.current.view !== view) {
    flights.current = { view, trails: advanceTrails(flights.current.trails, flights.current.view, view) };
  }
  const narrow = useNarrow();
  const [overview, setOverview] = useState(false);
  useEffect(() => setOverview(false), [selected]);
  // On a small screen the map comes closer to a selected UFO and where it may go.
  const full = viewBox(spacesInPlay(view));
  const sel = selected !== null ? view.ufos[selected] : undefined;
  const zoomed = narrow && !overview && sel !== undefined;
  const box = zoomed
    ? focusBox(
        [sel.space, ...targets(acts, selected).keys()]
          .map((id) => mapSpace(id))
          .filter((m): m is NonNullable<typeof m> => !!m),
        full,
      )
    : full;

  // A new state closes any open menu; a UFO that can no longer move is let go.
  useEffect(() => setMenu(null), [state.version]);
  useEffect(() => {
    if (picked !== null && !acts.ufoMoves.has(picked)) setPicked(null);
  }, [acts, picked]);
  useEffect(() => {
    menuRef.current?.querySelector("button")?.focus();
  }, [menu]);
  // With the keyboard on the map, choosing a UFO moves the focus to its first destination.
  const wrapRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap || selected === null || !wrap.contains(document.activeElement)) return;
    if (document.activeElement?.classList.contains("target")) return;
    wrap.querySelector<SVGGElement>(".space.target")?.focus();
  }, [selected, state.version]);

  const send = (c: Choice) => {
    if (pending) return;
    setMenu(null);
    act(c.json);
  };
  const onClick = (r: ClickResult, at: { x: number; y: number }) => {
    if (r.kind === "select" || r.kind === "release") {
      setMenu(null);
      setPicked(r.kind === "select" ? r.ufo : null);
    } else if (r.kind === "act") send(r.choice);
    else if (r.kind === "menu") setMenu({ choices: r.choices, x: at.x, y: at.y });
  };

  return (
    <div
      class={`ufo-screen${mine ? " my-turn" : ""}`}
      data-phase={view.phase}
      data-round={view.round}
      data-my-turn={mine ? "true" : "false"}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          setMenu(null);
          setPicked(null);
        }
      }}
    >
      <Status
        state={state}
        view={view}
        mine={mine}
        selected={selected}
        buttons={acts.buttons}
        hasUfoActs={acts.ufoActs.size > 0}
        send={send}
      />
      <div class={`ufo-main${view.spaces.length > 30 ? " wide" : ""}`}>
        <div class="ufo-map-wrap" ref={wrapRef}>
          <Board
            view={view}
            acts={acts}
            selected={selected}
            names={seatNames}
            onClick={onClick}
            box={box}
            trails={flights.current.trails}
            turn={turnKey(view)}
          />
          {zoomed && (
            <button type="button" class="small whole-map" onClick={() => setOverview(true)}>
              {tu("map.whole")}
            </button>
          )}
          {menu && (
            <div class="ufo-menu" ref={menuRef} role="menu" aria-label={tu("menu.title")} style={menuPlace(menu)}>
              <strong>{tu("menu.title")}</strong>
              {menu.choices.map((c) => (
                <button key={c.action} type="button" role="menuitem" disabled={pending} onClick={() => send(c)}>
                  {c.words}
                </button>
              ))}
              <button type="button" class="cancel" onClick={() => setMenu(null)}>
                {tu("menu.cancel")}
              </button>
            </div>
          )}
        </div>
        <div class="ufo-info">
          {view.bump && <BumpPanel view={view} names={seatNames} />}
          {view.control_roll && <ControlPanel view={view} buttons={mine ? acts.buttons : []} send={send} />}
          <DicePanel log={log} />
          <Players view={view} state={state} />
          <Legend open={view.round <= 1} />
          <Recent log={log} />
        </div>
      </div>
    </div>
  );
}

function Status({
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
        {view.phase !== "over" && (
          <span class="turn" style={{ borderColor: seatColour(active) }}>
            <SeatMark seat={active} size={18} />
            {active === state.seat ? tu("turn.yours") : tu("turn.of", { name: seatName(state, active) })}
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

function Die({ value, sides }: { value?: number; sides: 6 | 12 }) {
  return (
    <svg class={`die d${sides}`} viewBox="0 0 30 30" width="30" height="30" aria-hidden="true">
      {sides === 6 ? <rect x="2" y="2" width="26" height="26" rx="5" /> : <path d="M15 1l13 9.5-5 16H7L2 10.5z" />}
      <text x="15" y={sides === 6 ? 20 : 21}>
        {value ?? "?"}
      </text>
    </svg>
  );
}

function DicePanel({ log }: { log: string[] }) {
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

function BumpPanel({ view, names }: { view: View; names: string[] }) {
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
        <div class="vs">⚔</div>
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

function ControlPanel({ view, buttons, send }: { view: View; buttons: Choice[]; send: (c: Choice) => void }) {
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

function Players({ view, state }: { view: View; state: TableState }) {
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
              <svg viewBox="-8 -8 16 16" width="14" height="14" aria-hidden="true">
                <rect x="-6" y="-6" width="12" height="12" rx="1.5" fill={seatColour(i)} stroke="#1b1b1b" />
              </svg>
              {p.restaurants_left} <span class="sr">{tu("player.restaurants")}</span>
            </span>
            <span class="item" title={tu("player.kiosks")}>
              <svg viewBox="-8 -8 16 16" width="14" height="14" aria-hidden="true">
                <Shape seat={i} x={0} y={0} size={13} />
              </svg>
              {p.kiosks_left} <span class="sr">{tu("player.kiosks")}</span>
            </span>
            <span class="item" title={tu("player.eyewitnesses")}>
              <svg viewBox="-8 -8 16 16" width="14" height="14" aria-hidden="true">
                <ellipse rx="6.5" ry="4" fill="#fff" stroke={seatColour(i)} stroke-width="2.2" />
              </svg>
              {p.eyewitnesses_left} <span class="sr">{tu("player.eyewitnesses")}</span>
            </span>
            {UFO_TYPES.map((t) => (
              <span class="item" key={t} title={typeName(t)}>
                <svg viewBox="-17 -13 34 20" width="22" height="14" aria-hidden="true">
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

function Recent({ log }: { log: string[] }) {
  const lines = log.flatMap((e) => e.split("\n")).slice(-5);
  if (!lines.length) return null;
  return (
    <section class="ufo-card recent">
      <h3>{tu("recent.title")}</h3>
      <ol>
        {lines.map((l, i) => (
          <li key={`${log.length}-${i}`}>{l}</li>
        ))}
      </ol>
    </section>
  );
}

function Legend({ open }: { open: boolean }) {
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
            <rect x="8" y="-6" width="12" height="12" rx="1.5" fill={seatColour(0)} stroke="#1b1b1b" />
          </svg>
          {tu("legend.restaurant")}
        </li>
        <li>
          <svg viewBox="-8 -8 16 16" width="16" height="16" aria-hidden="true">
            <Shape seat={1} x={0} y={0} size={13} />
          </svg>
          {tu("legend.kiosk")}
        </li>
        <li>
          <svg viewBox="-8 -8 16 16" width="16" height="16" aria-hidden="true">
            <ellipse rx="6.5" ry="4" fill="#fff" stroke={seatColour(0)} stroke-width="2.2" />
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
            <svg viewBox="-17 -13 34 20" width="30" height="18" aria-hidden="true">
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

interface ResultPlayer {
  cities: number;
  eyewitnesses: number;
  kiosks: number;
  restaurant_points: number;
  score: number;
}

/** The end screen's figures: cities and the score's parts per player (result.details of games/ufo/result.cpp). */
function Result({ state }: { state: TableState }) {
  const d = (state.result?.details ?? {}) as { players?: ResultPlayer[]; verdict?: string; rounds?: number };
  const players = d.players ?? [];
  const view = asView(state.view);
  const cities = view.players.length ? controlledCities(view) : [];
  const winners = new Set(state.result?.winners ?? []);
  if (!players.length) return null;
  return (
    <section class="ufo-result">
      <h3>{tu("result.title")}</h3>
      {d.verdict && <p>{tu("result.verdict", { why: verdictName(d.verdict) })}</p>}
      {d.rounds !== undefined && <p class="muted">{tu("result.rounds", { n: d.rounds })}</p>}
      <div class="table-scroll">
        <table>
          <thead>
            <tr>
              <th>{tu("result.player")}</th>
              <th>{tu("result.cities")}</th>
              <th>{tu("result.restaurants")}</th>
              <th>{tu("result.kiosks")}</th>
              <th>{tu("result.eyes")}</th>
              <th>{tu("result.score")}</th>
            </tr>
          </thead>
          <tbody>
            {players.map((p, i) => (
              <tr key={i} class={winners.has(i) ? "winner" : ""} data-seat={i}>
                <td>
                  <SeatMark seat={i} /> {seatName(state, i)}
                </td>
                <td>
                  {p.cities}
                  {cities[i]?.length ? ` (${cities[i].map(placeName).join(", ")})` : ""}
                </td>
                <td>{p.restaurant_points}</td>
                <td>{p.kiosks}</td>
                <td>{p.eyewitnesses ? `${p.eyewitnesses} (−${2 * p.eyewitnesses})` : "0"}</td>
                <td>
                  <strong>{p.score}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const mod: GameModule = { Screen, Result };
export default mod;
