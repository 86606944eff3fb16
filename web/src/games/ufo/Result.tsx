// The end screen's figures: cities and points per player.
import { seatName } from "../../components/SeatList";
import type { TableState } from "../../connection";
import { SeatMark } from "../../seats";
import { asView, controlledCities } from "./model";
import { placeName, verdictName } from "./names";
import { tu } from "./strings";
import { softHyphens } from "../../hyphens";

export interface ResultPlayer {
  cities: number;
  eyewitnesses: number;
  kiosks: number;
  restaurant_points: number;
  score: number;
}

/** The end screen's figures: cities and the score's parts per player (result.details of games/ufo/result.cpp). */
export function Result({ state }: { state: TableState }) {
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
      {/* Focusable: on a phone the table scrolls sideways, and the keyboard must reach it too. */}
      <div class="table-scroll" tabIndex={0} role="region" aria-label={tu("result.title")}>
        {/* The headings break between syllables on a phone (soft hyphens: not every browser hyphenates). */}
        <table>
          <thead>
            <tr>
              <th>{softHyphens(tu("result.player"))}</th>
              <th>{softHyphens(tu("result.cities"))}</th>
              <th>{softHyphens(tu("result.restaurants"))}</th>
              <th>{softHyphens(tu("result.kiosks"))}</th>
              <th>{softHyphens(tu("result.eyes"))}</th>
              <th>{softHyphens(tu("result.score"))}</th>
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
