// The Ufo! map as SVG: lines, cities (resistance, restaurant places,
// eyewitness tokens, control), villages (kiosks) and UFOs, each piece
// clickable and keyboard reachable when a legal choice acts on it.
// Pictures: Twemoji (npm @twemoji/svg; graphics by Twitter, Inc and other contributors, CC-BY 4.0),
// each imported on its own so this chunk carries only these.
import eyeUrl from "@twemoji/svg/1f441.svg";
import burgerUrl from "@twemoji/svg/1f354.svg";
import friesUrl from "@twemoji/svg/1f35f.svg";
import saucerUrl from "@twemoji/svg/1f6f8.svg";
import type { SVGAttributes } from "preact";
import { useMemo } from "preact/hooks";
import { lang } from "../../i18n";
import type { Choice } from "../../protocol";
import { seatColour, seatShapePath } from "../../seats";
import { HIT_RADIUS } from "./camera";
import type { Label, UfoSpot } from "./labels";
import { placeLabels, ufoSpots } from "./labels";
import landUrl from "./land.svg";
import type { Box, ClickResult, MapSpace, PieceActions, SpaceView, Trail, UfoView, View } from "./model";
import {
  clickSpace,
  clickUfo,
  BOARD_FRAME,
  LAND_BOX,
  MAP_SPACES,
  controller,
  linesInPlay,
  mapSpace,
  slotActs,
  targets,
} from "./model";
import { placeName, ufoName } from "./names";
import { tu } from "./strings";

export interface BoardProps {
  view: View;
  acts: PieceActions;
  selected: number | null;
  /** Names of the seats, as the table shows them. */
  names: string[];
  onClick: (r: ClickResult, at: { x: number; y: number }) => void;
  /** The part of the board shown (the camera's view); the whole board when not given. */
  box?: Box;
  /** Pointer, click and focus handlers for the map's camera (MapView.tsx). */
  gestures?: SVGAttributes<SVGSVGElement>;
  /** Each UFO's last flight, and the turn now (this turn's flights are drawn bolder). */
  trails?: Map<number, Trail>;
  turn?: string;
}

/** Makes an SVG group a button: focusable, Enter/Space, with the action's words as tooltip.
 *  `shown` is the text the group draws, in drawing order: the name starts with it, so what a
 *  person sees is what speech input may say (WCAG 2.5.3, label in name). */
function buttonProps(label: string, onAct: () => void, shown: string[] = []): SVGAttributes<SVGGElement> {
  return {
    role: "button",
    tabindex: 0,
    "aria-label": shown.length ? `${shown.join(" ")}: ${label}` : label,
    onClick: (e: MouseEvent) => {
      e.stopPropagation();
      onAct();
    },
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        onAct();
      }
    },
  };
}

function words(cs: Choice[]): string {
  return cs.map((c) => c.words).join("\n");
}

/** A seat's shape, centred on (x, y), `size` wide. */
export function Shape({
  seat,
  x,
  y,
  size,
  stroke = "#1b1b1b",
}: {
  seat: number;
  x: number;
  y: number;
  size: number;
  stroke?: string;
}) {
  const k = size / 20;
  return (
    <path
      d={seatShapePath(seat)}
      transform={`translate(${x - size / 2} ${y - size / 2}) scale(${k})`}
      fill={seatColour(seat)}
      stroke={stroke}
      stroke-width={1.4 / k}
    />
  );
}

/**
 * A UFO: the flying saucer picture (Twemoji) over a disc in its owner's colour,
 * with the owner's shape as a badge; its type as a mark (bumper: spikes,
 * sedator: a moon). About 28 wide and 22 high at scale 1, centred on (x, y).
 */
export function Saucer({
  owner,
  type,
  x,
  y,
  scale = 1,
}: {
  owner: number;
  type: string;
  x: number;
  y: number;
  scale?: number;
}) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`} class={`saucer type-${type}`}>
      {type === "bumper" && <path d="M-11 -2 l-6 2 l6 2z M11 -2 l6 2 l-6 2z" fill="#1b1b1b" />}
      <ellipse cx="0" cy="2" rx="12" ry="6" fill={seatColour(owner)} stroke="#1b1b1b" stroke-width="1.3" />
      <image href={saucerUrl} x="-10" y="-9" width="20" height="20" />
      <Shape seat={owner} x={9} y={-6} size={8} />
      {type === "sedator" && (
        <path d="M-13 -11 a4 4 0 1 0 4 5 a3 3 0 1 1 -4 -5z" fill="#fff" stroke="#1b1b1b" stroke-width="0.9" />
      )}
    </g>
  );
}

/** An eyewitness token: the eye picture (Twemoji) on a card in the seat's colour, with its shape. */
export function Eye({ seat, x, y, n }: { seat: number; x: number; y: number; n: number }) {
  return (
    <g class="eyewitness">
      <rect
        x={x - 10}
        y={y - 6}
        width="20"
        height="12"
        rx="3"
        fill="#fff"
        stroke={seatColour(seat)}
        stroke-width="2.6"
      />
      <image href={eyeUrl} x={x - 8} y={y - 6} width="12" height="12" />
      <Shape seat={seat} x={x + 6} y={y} size={6} stroke="none" />
      {n > 1 && (
        <text x={x + 12} y={y + 4} class="count">
          {` ${n}`}
        </text>
      )}
    </g>
  );
}

/** Where the i-th of n eyewitness groups sits under a city: rows of three (labels.ts keeps the two rows clear). */
function eyeSpot(x: number, y: number, i: number, n: number): { x: number; y: number } {
  const inRow = Math.min(3, n - Math.floor(i / 3) * 3);
  return { x: x - ((inRow - 1) * 24) / 2 + (i % 3) * 24, y: y + 31 + Math.floor(i / 3) * 15 };
}

/** A restaurant: the burger picture (Twemoji) on a square in its owner's colour, the owner's shape at its corner. */
export function Restaurant({ seat, x, y }: { seat: number; x: number; y: number }) {
  return (
    <g>
      <rect x={x - 6.5} y={y - 6.5} width="13" height="13" rx="2" fill={seatColour(seat)} stroke="#1b1b1b" />
      <image href={burgerUrl} x={x - 5} y={y - 5} width="10" height="10" />
      <Shape seat={seat} x={x + 6} y={y - 6} size={6} />
    </g>
  );
}

function CityPiece({
  s,
  m,
  names,
  acts,
  glow,
  target,
  bump,
  rolling,
  onAct,
  slots,
  label,
}: {
  /** The take-over choices by restaurant ("city:slot"): the slot glows; the UFO carries them (too small to tap). */
  slots: Map<string, Choice[]>;
  label: Label;
  s: SpaceView;
  m: MapSpace;
  names: string[];
  acts: Choice[];
  glow: boolean;
  target: Choice | undefined;
  bump: boolean;
  rolling: boolean;
  onAct: (() => void) | null;
}) {
  const { x, y } = m;
  const ctrl = controller(s);
  const name = placeName(s.id);
  const rs = s.restaurants ?? [];
  const info: string[] = [name];
  if (s.resistance !== undefined) {
    info.push(tu("city.resistance", { res: s.resistance }), tu("city.slots", { n: rs.length }));
    rs.forEach((r) => info.push(r === null ? tu("city.free") : tu("city.restaurant_of", { name: names[r] ?? "" })));
  } else info.push(tu("city.no_token"));
  if (ctrl !== null) info.push(tu("city.controlled", { name: names[ctrl] ?? "" }));
  (s.eyewitnesses ?? []).forEach((n, p) => n && info.push(tu("city.eyewitnesses", { n, name: names[p] ?? "" })));
  if (s.opening_tried) info.push(tu("city.tried"));
  const tip = target ? target.words : acts.length ? words(acts) : info.join("\n");
  const eyes = (s.eyewitnesses ?? []).map((n, p) => ({ n, p })).filter((e) => e.n > 0);
  const shown = [String(s.resistance ?? "?"), ...eyes.filter((e) => e.n > 1).map((e) => String(e.n)), name];
  const attrs = onAct ? buttonProps(tip, onAct, shown) : {};
  return (
    <g
      class={`space city${glow ? " glow" : ""}${target ? " target" : ""}${bump ? " bump" : ""}${rolling ? " rolling" : ""}`}
      data-space={s.id}
      data-actions={actionList(target ? [...acts, target] : acts)}
      data-at={`${x},${y}`}
      {...attrs}
    >
      <title>{onAct ? `${tip}\n\n${info.join("\n")}` : info.join("\n")}</title>
      {(glow || target) && <circle class="halo" cx={x} cy={y} r="29" />}
      {onAct && <circle class="hit" cx={x} cy={y} r={HIT_RADIUS + 6} />}
      {bump && <circle class="bump-ring" cx={x} cy={y} r="27" />}
      {ctrl !== null && (
        <circle class="control-ring" cx={x} cy={y} r="24.5" fill="none" stroke={seatColour(ctrl)} stroke-width="5" />
      )}
      {/* The controller's shape on the ring's top, as on its panel: control told apart without colour. */}
      {ctrl !== null && (
        <g class="control-mark">
          <circle cx={x} cy={y - 24.5} r="7.5" fill="#fff" stroke="#1b1b1b" stroke-width="1" />
          <Shape seat={ctrl} x={x} y={y - 24.5} size={11} />
        </g>
      )}
      <circle class="disc" cx={x} cy={y} r="21" />
      <text class="resistance" x={x} y={y - 3}>
        {s.resistance ?? "?"}
      </text>
      {rs.map((r, k) => {
        const rx = x - rs.length * 6.5 + 13 * k + 6.5;
        if (r === null)
          return <rect key={k} class="slot free" x={rx - 5.5} y={y + 3} width="11" height="11" rx="1.5" />;
        const take = slots.get(`${s.id}:${k}`) ?? [];
        return (
          <g key={k} class={`slot${take.length ? " glow" : ""}`} data-slot={k}>
            {take.length > 0 && <title>{words(take)}</title>}
            {take.length > 0 && <circle class="halo" cx={rx} cy={y + 8.5} r="10" />}
            <Restaurant seat={r} x={rx} y={y + 8.5} />
          </g>
        );
      })}
      {eyes.map((e, i) => (
        <Eye key={e.p} seat={e.p} n={e.n} {...eyeSpot(x, y, i, eyes.length)} />
      ))}
      {label.leader && <line class="leader" {...label.leader} />}
      {/* A space before the words (SVG does not draw it): the texts a city draws read as words apart
          ("9 Rome", not "9Rome") to whoever reads its text, as its name does (axe's label-in-name). */}
      <text class="name city-name" x={label.x} y={label.y} text-anchor={label.anchor}>
        {` ${name}`}
      </text>
    </g>
  );
}

/** The choices a piece carries, as `data-actions` (space-separated action integers), or nothing. */
function actionList(cs: Choice[]): string | undefined {
  return cs.length ? cs.map((c) => c.action).join(" ") : undefined;
}

/** A kiosk: the fries picture (Twemoji) on the village in its owner's colour, with the owner's shape. */
export function Kiosk({ seat, x, y }: { seat: number; x: number; y: number }) {
  return (
    <g class="kiosk">
      <circle cx={x} cy={y} r="9.5" fill={seatColour(seat)} stroke="#1b1b1b" stroke-width="1.5" />
      <image href={friesUrl} x={x - 6.5} y={y - 7} width="13" height="13" />
      <Shape seat={seat} x={x + 7} y={y + 6} size={7} />
    </g>
  );
}

function VillagePiece({
  s,
  m,
  names,
  target,
  onAct,
  label,
}: {
  s: SpaceView;
  m: MapSpace;
  names: string[];
  target: Choice | undefined;
  onAct: (() => void) | null;
  label: Label;
}) {
  const { x, y } = m;
  const name = placeName(s.id);
  const kiosk = s.kiosk ?? null;
  const info = [name, kiosk === null ? tu("village.free") : tu("village.kiosk_of", { name: names[kiosk] ?? "" })];
  const tip = target ? target.words : info.join("\n");
  const attrs = onAct ? buttonProps(tip, onAct, [name]) : {};
  return (
    <g
      class={`space village${target ? " target" : ""}`}
      data-space={s.id}
      data-actions={actionList(target ? [target] : [])}
      data-at={`${x},${y}`}
      {...attrs}
    >
      <title>{target ? `${tip}\n\n${info.join("\n")}` : info.join("\n")}</title>
      {target && <circle class="halo" cx={x} cy={y} r="17" />}
      {onAct && <circle class="hit" cx={x} cy={y} r={HIT_RADIUS} />}
      <circle class="disc" cx={x} cy={y} r="9.5" />
      {kiosk !== null && <Kiosk seat={kiosk} x={x} y={y} />}
      {label.leader && <line class="leader" {...label.leader} />}
      <text class="name village-name" x={label.x} y={label.y} text-anchor={label.anchor}>
        {name}
      </text>
    </g>
  );
}

function UfoPiece({
  u,
  x,
  y,
  names,
  res,
  selectable,
  selected,
  onAct,
  actions,
}: {
  /** Every choice acting on this UFO (the table's guide highlights the one it suggests). */
  actions: Choice[];
  u: UfoView;
  x: number;
  y: number;
  names: string[];
  res: ClickResult;
  selectable: boolean;
  selected: boolean;
  onAct: (() => void) | null;
}) {
  const flags = [u.moved && tu("ufo.moved"), u.stopped && tu("ufo.stopped"), u.used && tu("ufo.used")].filter(Boolean);
  const who = `${ufoName(u.id, u.type)} — ${names[u.owner] ?? ""}${flags.length ? ` (${flags.join(", ")})` : ""}`;
  const label =
    res.kind === "act"
      ? res.choice.words
      : res.kind === "menu"
        ? words(res.choices)
        : res.kind === "select"
          ? tu("select.hint", { ufo: ufoName(u.id, u.type) })
          : res.kind === "release"
            ? tu("select.release", { ufo: ufoName(u.id, u.type) })
            : who;
  const attrs = onAct ? buttonProps(label, onAct) : {};
  return (
    <g
      class={`ufo${selectable ? " glow" : ""}${selected ? " selected" : ""}${u.used ? " used" : ""}`}
      data-ufo={u.id}
      data-owner={u.owner}
      data-actions={actionList(actions)}
      data-at={`${x},${y}`}
      {...attrs}
    >
      <title>{onAct ? `${label}\n\n${who}` : who}</title>
      {selectable && <circle class="halo" cx={x} cy={y - 1} r="17" />}
      {onAct && <circle class="hit" cx={x} cy={y - 1} r={HIT_RADIUS} />}
      {selected && <circle class="sel-ring" cx={x} cy={y - 1} r="18" />}
      <Saucer owner={u.owner} type={u.type} x={x} y={y} scale={1.25} />
    </g>
  );
}

/** Each place's name's spot and its UFOs' spots in the current language (labels.ts), computed once per language. */
function useLayout(): { labels: Map<string, Label>; spots: Map<string, UfoSpot[]> } {
  const l = lang.value;
  return useMemo(() => {
    const labels = placeLabels(MAP_SPACES, placeName);
    return { labels, spots: ufoSpots(MAP_SPACES, labels) };
  }, [l]);
}

export function Board({ view, acts, selected, names, onClick, box, gestures, trails, turn }: BoardProps) {
  const inPlay = new Set(view.spaces.map((s) => s.id));
  const vb = box ?? BOARD_FRAME;
  const { labels, spots } = useLayout();
  const tg = targets(acts, selected);
  const bumpSpace = view.bump?.space;
  const rollCity = view.control_roll ? view.ufos[view.control_roll.ufo]?.space : undefined;
  // UFOs grouped by space, in id order, for their places around it.
  const perSpace = new Map<string, UfoView[]>();
  for (const u of view.ufos) perSpace.set(u.space, [...(perSpace.get(u.space) ?? []), u]);
  const lines = linesInPlay(inPlay);
  const slots = slotActs(acts, view);
  const spaces = view.spaces
    .map((s) => ({ s, m: mapSpace(s.id) }))
    .filter((e): e is { s: SpaceView; m: MapSpace } => !!e.m);
  const fire = (r: ClickResult, x: number, y: number) => onClick(r, { x: (x - vb.x) / vb.w, y: (y - vb.y) / vb.h });
  const ufos = spaces.flatMap(({ s, m }) =>
    (perSpace.get(s.id) ?? []).map((u, k) => {
      // (More UFOs than spots cannot be in play: MAX_UFOS.)
      const at: UfoSpot = spots.get(s.id)?.[k] ?? { x: m.x, y: m.y };
      const { x, y } = at;
      const tether = at.tether ? { x1: m.x, y1: m.y, x2: x, y2: y } : undefined;
      const res = clickUfo(acts, u.id, selected, view);
      const selectable = acts.ufoMoves.has(u.id) || acts.ufoActs.has(u.id);
      const onAct = res.kind === "none" ? null : () => fire(res, x, y);
      return { u, x, y, res, selectable, onAct, tether };
    }),
  );
  return (
    <svg
      class="ufo-map"
      viewBox={`${vb.x} ${vb.y} ${vb.w} ${vb.h}`}
      role="group"
      aria-label={tu("board.label")}
      data-selected={selected ?? ""}
      {...gestures}
    >
      <defs>
        {view.players.map((_, p) => (
          <marker
            key={p}
            id={`ufo-arrow-${p}`}
            viewBox="0 0 10 10"
            refX="25"
            refY="5"
            markerWidth="3.2"
            markerHeight="3.2"
            orient="auto-start-reverse"
          >
            <path d="M0 0L10 5L0 10z" fill={seatColour(p)} stroke="#1b1b1b" stroke-width="1" />
          </marker>
        ))}
      </defs>
      <rect class="sea" x={LAND_BOX.x} y={LAND_BOX.y} width={LAND_BOX.w} height={LAND_BOX.h} />
      <image class="land" href={landUrl} x={LAND_BOX.x} y={LAND_BOX.y} width={LAND_BOX.w} height={LAND_BOX.h} />
      <g class="lines">
        {lines.map(([p, q]) => {
          const hot =
            selected !== null &&
            ((tg.has(p.id) && view.ufos[selected]?.space === q.id) ||
              (tg.has(q.id) && view.ufos[selected]?.space === p.id));
          return <line key={`${p.id}-${q.id}`} class={hot ? "hot" : ""} x1={p.x} y1={p.y} x2={q.x} y2={q.y} />;
        })}
      </g>
      <g class="trails">
        {[...(trails ?? new Map<number, Trail>())].map(([id, t]) => {
          const u = view.ufos[id];
          const pts = t.path.map((p) => mapSpace(p)).filter((m): m is MapSpace => !!m);
          if (!u || pts.length < 2) return null;
          return (
            <polyline
              key={id}
              class={`trail${t.turn === turn ? " now" : ""}`}
              data-ufo={id}
              points={pts.map((p) => `${p.x},${p.y}`).join(" ")}
              stroke={seatColour(u.owner)}
              marker-end={`url(#ufo-arrow-${u.owner})`}
            />
          );
        })}
      </g>
      <g class="tethers">
        {ufos.map(
          ({ u, tether }) => tether && <line key={u.id} class="tether" {...tether} stroke={seatColour(u.owner)} />,
        )}
      </g>
      {spaces.map(({ s, m }) => {
        const target = tg.get(s.id);
        const res = clickSpace(acts, s.id, selected);
        const onAct = res.kind === "none" ? null : () => fire(res, m.x, m.y);
        return s.kind === "city" ? (
          <CityPiece
            key={s.id}
            s={s}
            m={m}
            names={names}
            acts={acts.spaceActs.get(s.id) ?? []}
            glow={acts.spaceActs.has(s.id)}
            target={target}
            bump={bumpSpace === s.id}
            rolling={rollCity === s.id}
            onAct={onAct}
            slots={slots}
            label={labels.get(s.id)!}
          />
        ) : (
          <VillagePiece key={s.id} s={s} m={m} names={names} target={target} onAct={onAct} label={labels.get(s.id)!} />
        );
      })}
      <g class="ufos">
        {ufos
          // The pieces one can click are drawn last, on top of the others.
          .sort((a, b) => Number(a.onAct !== null) - Number(b.onAct !== null))
          .map(({ u, x, y, res, selectable, onAct }) => (
            <UfoPiece
              key={u.id}
              u={u}
              x={x}
              y={y}
              names={names}
              res={res}
              selectable={selectable && selected !== u.id}
              selected={selected === u.id}
              onAct={onAct}
              actions={[...(acts.ufoActs.get(u.id) ?? []), ...(acts.ufoMoves.get(u.id)?.values() ?? [])]}
            />
          ))}
      </g>
      {/* Where the selected UFO may fly is tapped before any UFO near it: these spaces' hit areas lie on top
          (pointer only; the keyboard and screen readers have the space itself). */}
      <g class="target-hits" aria-hidden="true">
        {[...tg.keys()].map((id) => {
          const m = mapSpace(id);
          const res = clickSpace(acts, id, selected);
          if (!m || res.kind === "none") return null;
          return (
            <circle
              key={id}
              class="hit"
              data-target={id}
              cx={m.x}
              cy={m.y}
              r={m.kind === "city" ? HIT_RADIUS + 6 : HIT_RADIUS}
              onClick={(e) => {
                e.stopPropagation();
                fire(res, m.x, m.y);
              }}
            />
          );
        })}
      </g>
    </svg>
  );
}
