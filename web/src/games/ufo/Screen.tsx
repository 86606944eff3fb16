// The Ufo! screen: what to do now, the map (Board.tsx) with every legal
// action on its pieces, the bump and control roll step by step, each
// player's panel (Panels.tsx).
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { seatName } from "../../components/SeatList";
import type { TableState } from "../../connection";
import type { Choice } from "../../protocol";
import type { GameScreenProps } from "../types";
import { Board } from "./Board";
import { BumpPanel, ControlPanel, DicePanel, Legend, Players, Recent, Status } from "./Panels";
import type { ClickResult, Trail, View } from "./model";
import {
  advanceTrails,
  asView,
  effectiveSelection,
  focusBox,
  mapSpace,
  pieceActions,
  spacesInPlay,
  targets,
  turnKey,
  viewBox,
} from "./model";
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

export function Screen({ state, log, act, pending }: GameScreenProps) {
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
