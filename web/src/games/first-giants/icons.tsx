// Small SVG icons: one per family (shown with the family's colour and name,
// never colour alone), the effects, amber, points, pawns and tokens.
import { seatColour, seatShapePath } from "../../seats";
import type { Effect, Family } from "./data";

const FAMILY_PATHS: Record<Family, string> = {
  // A fang.
  carnivore: "M5 4h14c0 6-2 11-7 17C7 15 5 10 5 4zM9 7l3 8 3-8",
  // A leaf with its vein.
  herbivore: "M4 20C4 10 10 4 20 4c0 10-6 16-16 16zM4 20L15 9",
  // A wing.
  flyer: "M2 15C8 6 15 4 22 4c-2 3-4 5-7 6 2 0 4 0 5 1-3 3-7 5-11 5 1 1 2 2 4 2-4 1-8 0-11-3z",
  // A fin over a wave.
  swimmer: "M2 17c3-3 5-3 8 0s5 3 8 0c1-1 3-2 4-2M7 14c1-6 5-10 12-10-2 3-3 7-3 11",
  // A paw.
  mammal:
    "M7 18c0-4 2-6 5-6s5 2 5 6c0 2-2 3-5 3s-5-1-5-3zM5 10a2 2 0 1 0 .1 0zM9 5a2 2 0 1 0 .1 0zM15 5a2 2 0 1 0 .1 0zM19 10a2 2 0 1 0 .1 0z",
};

const FILLED: Record<Family, boolean> = {
  carnivore: true,
  herbivore: true,
  flyer: true,
  swimmer: false,
  mammal: true,
};

export function FamilyIcon({
  family,
  size = 16,
  colour = "currentColor",
}: {
  family: Family;
  size?: number;
  colour?: string;
}) {
  const filled = FILLED[family];
  return (
    <svg class="fg-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <path
        d={FAMILY_PATHS[family]}
        fill={filled ? colour : "none"}
        stroke={filled ? "rgba(0,0,0,0.35)" : colour}
        stroke-width={filled ? 1 : 2.4}
        stroke-linecap="round"
        stroke-linejoin="round"
      />
    </svg>
  );
}

export function AmberIcon({ size = 16 }: { size?: number }) {
  return (
    <svg class="fg-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M12 2l8 5v10l-8 5-8-5V7z" fill="#f0a020" stroke="#8a5200" stroke-width="1.5" />
      <path d="M8 8l4-2.5" stroke="#ffe2a0" stroke-width="1.8" stroke-linecap="round" />
    </svg>
  );
}

export function PointIcon({ size = 16 }: { size?: number }) {
  return (
    <svg class="fg-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 2l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17l-6.1 3.4 1.5-6.8L2.2 9l6.9-.7z"
        fill="#ffd23f"
        stroke="#7a5c00"
        stroke-width="1.4"
        stroke-linejoin="round"
      />
    </svg>
  );
}

/** A museum frame: exhibiting. */
export function FrameIcon({ size = 16, free = false }: { size?: number; free?: boolean }) {
  return (
    <svg class="fg-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <rect x="3" y="4" width="18" height="16" rx="1.5" fill="#fff7e6" stroke="#5a3e1b" stroke-width="2" />
      <path d="M7 15c2-4 4-5 6-3 1-2 3-3 4-2" fill="none" stroke="#5a3e1b" stroke-width="1.8" stroke-linecap="round" />
      {free && <path d="M3 20L21 4" stroke="#2e7d32" stroke-width="2.5" />}
    </svg>
  );
}

/** A pawn in its seat's colour with the seat's shape on it (colour is never the only cue); dashed when out. */
export function PawnIcon({ size = 16, seat, out = false }: { size?: number; seat: number; out?: boolean }) {
  const colour = seatColour(seat);
  return (
    <svg class="fg-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 2a4 4 0 0 1 2.6 7c2 1.2 3 3.3 3 5.5 0 1-.4 2-1.1 2.6L18 21H6l1.5-3.9C6.8 16.5 6.4 15.5 6.4 14.5c0-2.2 1-4.3 3-5.5A4 4 0 0 1 12 2z"
        fill={out ? "none" : colour}
        stroke={out ? "#777" : "#1b1b1b"}
        stroke-width="1.4"
        stroke-dasharray={out ? "2 2" : undefined}
      />
      {!out && (
        <path
          d={seatShapePath(seat)}
          transform="translate(7.5 10.5) scale(0.45)"
          fill="#fff"
          stroke="#1b1b1b"
          stroke-width="2"
        />
      )}
    </svg>
  );
}

/** A set token (a small disc). */
export function SetTokenIcon({ size = 14 }: { size?: number }) {
  return (
    <svg class="fg-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="9" fill="#cfd8dc" stroke="#37474f" stroke-width="2" />
      <circle cx="12" cy="12" r="4" fill="#37474f" />
    </svg>
  );
}

/** A recurring effect (a loop) or a single use one ("1×"). */
export function TriggerIcon({ recurring, size = 14 }: { recurring: boolean; size?: number }) {
  return (
    <svg class="fg-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      {recurring ? (
        <g fill="none" stroke="#37474f" stroke-width="2.4" stroke-linecap="round">
          <path d="M19 12a7 7 0 1 1-2.1-5" />
          <path d="M17.5 3v4.2h-4.2" />
        </g>
      ) : (
        <text x="12" y="17" text-anchor="middle" font-size="14" font-weight="700" fill="#37474f">
          1×
        </text>
      )}
    </svg>
  );
}

/** The effect's icon: what it gives. */
export function EffectIcon({ effect, size = 16 }: { effect: Effect; size?: number }) {
  switch (effect) {
    case "point":
      return <PointIcon size={size} />;
    case "amber":
      return <AmberIcon size={size} />;
    case "exhibit":
      return <FrameIcon size={size} />;
    case "exhibit_free":
      return <FrameIcon size={size} free />;
    case "exhibit_two_different":
    case "exhibit_two_same":
      return (
        <span class="fg-icon-pair">
          <FrameIcon size={size} />
          <FrameIcon size={size} />
        </span>
      );
    case "amber_for_points":
      return (
        <span class="fg-icon-pair">
          <AmberIcon size={size} />
          <span class="fg-arrow">→</span>
          <PointIcon size={size} />
        </span>
      );
    case "exhibit_or_point":
      return (
        <span class="fg-icon-pair">
          <FrameIcon size={size} />
          <span class="fg-arrow">/</span>
          <PointIcon size={size} />
        </span>
      );
  }
}
