// What each game's folder (src/games/<game>/, mirroring games/<game>/ of the
// engine) gives the table page. A game's code is its own chunk, loaded when a
// table of that game is opened.
import type { ComponentType } from "preact";
import type { ShowsDecision, TableConnection, TableState } from "../connection";
import type { Json } from "../protocol";

export interface GameScreenProps {
  /** The seat's latest state: whole view, who acts, choices with words. */
  state: TableState;
  /** Events in words, oldest first. */
  log: string[];
  /** Sends a choice (its integer or JSON form) on the version shown. */
  act: (action: number | Json) => void;
  /** True while an action of this client waits for its acknowledgement. */
  pending: boolean;
  conn: TableConnection;
  /**
   * The replay viewer draws a past step: nothing may be acted on (no choices
   * are given, `act` does nothing, `conn` has no socket). Screens may hide
   * their controls when it is set.
   */
  readOnly?: boolean;
}

export interface GameModule {
  /** The board: every legal choice reachable by acting on the pieces. */
  Screen: ComponentType<GameScreenProps>;
  /** The game's own result figures for the end screen (verdict, sets, cities...). */
  Result?: ComponentType<{ state: TableState }>;
  /**
   * Whether a seat's view shows a decision of its own as applied (true), as
   * not applied (false), or cannot tell (undefined): how the connection
   * settles a free action sent before a drop or a reload (First Contact's
   * note edits).
   */
  shows?: ShowsDecision;
  /** A free action of this game in words, in the current language (a note edit refused on screen). */
  describe?: (action: Json) => string | undefined;
}
