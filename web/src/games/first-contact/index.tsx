// Placeholder screen until the game's own board lands: the table page's
// choice list plays every action already.
import type { GameModule, GameScreenProps } from "../types";

function Screen(_props: GameScreenProps) {
  return null;
}

const mod: GameModule = { Screen };
export default mod;
