// Ufo! in the browser: the screen (Screen.tsx: the map in Board.tsx, the
// panels in Panels.tsx) and the end screen's figures (Result.tsx).
import type { GameModule } from "../types";
import { Result } from "./Result";
import { Screen } from "./Screen";
import "./ufo.css";

const mod: GameModule = { Screen, Result };
export default mod;
