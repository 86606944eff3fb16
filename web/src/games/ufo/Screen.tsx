// The Ufo! screen: what to do now, the map (Board.tsx) with every legal
// action on its pieces, the bump and control roll step by step, each
// player's panel (Panels.tsx).
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { seatName } from "../../components/SeatList";
import type { TableState } from "../../connection";
import type { Choice } from "../../protocol";
import type { GameScreenProps } from "../types";
import { MapView } from "./MapView";
import { BumpPanel, ControlPanel, DicePanel, Legend, Players, Status } from "./Panels";
import type { ClickResult, Trail, View } from "./model";
import type { PieceActions } from "./model";
import {
  advanceTrails,
  asView,
  effectiveSelection,
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

/**
 * The places the person must act on now, the one to centre on first: the
 * selected UFO's space and where it may go, else every place and UFO that
 * glows (each UFO at its space).
 */
function focusPlaces(acts: PieceActions, selected: number | null, view: View): string[] {
  const ufoAt = (u: number) => view.ufos[u]?.space;
  const ids =
    selected !== null
      ? [ufoAt(selected), ...targets(acts, selected).keys()]
      : [...[...acts.ufoMoves.keys(), ...acts.ufoActs.keys()].map(ufoAt), ...acts.spaceActs.keys()];
  return [...new Set(ids.filter((id): id is string => id !== undefined))];
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
  const frame = useMemo(() => viewBox(spacesInPlay(view)), [view]);
  const focus = focusPlaces(acts, selected, view);

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
          <MapView
            view={view}
            acts={acts}
            selected={selected}
            names={seatNames}
            onClick={onClick}
            frame={frame}
            focus={focus}
            trails={flights.current.trails}
            turn={turnKey(view)}
          >
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
          </MapView>
        </div>
        <div class="ufo-info">
          {view.bump && <BumpPanel view={view} names={seatNames} />}
          {view.control_roll && <ControlPanel view={view} buttons={mine ? acts.buttons : []} send={send} />}
          <DicePanel log={log} />
          <Players view={view} state={state} />
          <Legend open={view.round <= 1} />
        </div>
      </div>
    </div>
  );
}
