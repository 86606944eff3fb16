// Seat colours and shapes: the Okabe-Ito palette, safe for the common kinds
// of colour blindness, and a distinct shape per seat so that colour is never
// the only cue. Every game draws its players' pieces with these.

export const SEAT_COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00", "#F0E442"];
export const SEAT_SHAPES = ["circle", "square", "triangle", "diamond", "star", "hexagon", "cross"] as const;

export function seatColour(seat: number): string {
  return SEAT_COLOURS[((seat % SEAT_COLOURS.length) + SEAT_COLOURS.length) % SEAT_COLOURS.length];
}

/** The seat's shape as SVG path data in a 0 0 20 20 box. */
export function seatShapePath(seat: number): string {
  switch (SEAT_SHAPES[seat % SEAT_SHAPES.length]) {
    case "circle":
      return "M10 2a8 8 0 1 0 0.01 0z";
    case "square":
      return "M3 3h14v14H3z";
    case "triangle":
      return "M10 2l8.5 15h-17z";
    case "diamond":
      return "M10 1l9 9-9 9-9-9z";
    case "star":
      return "M10 1l2.6 5.9 6.4.6-4.8 4.3 1.4 6.3L10 14.8 4.4 18.1l1.4-6.3L1 7.5l6.4-.6z";
    case "hexagon":
      return "M5 2h10l5 8-5 8H5l-5-8z";
    default:
      return "M7 2h6v5h5v6h-5v5H7v-5H2V7h5z";
  }
}

/** A seat's marker: its shape in its colour, with a dark outline. */
export function SeatMark({ seat, size = 16, title }: { seat: number; size?: number; title?: string }) {
  return (
    <svg
      class="seat-mark"
      width={size}
      height={size}
      viewBox="0 0 20 20"
      aria-hidden={title ? undefined : "true"}
      role={title ? "img" : undefined}
    >
      {title && <title>{title}</title>}
      <path d={seatShapePath(seat)} fill={seatColour(seat)} stroke="#1b1b1b" stroke-width="1.2" />
    </svg>
  );
}
