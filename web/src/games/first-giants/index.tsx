// First Giants in the browser: the board (dig sites, deck, tokens, studios
// and exhibits, every choice on its piece) and the end screen's figures.
import type { GameModule } from "../types";
import "./first-giants.css";
import { Result } from "./Result";
import { Screen } from "./Screen";

const mod: GameModule = { Screen, Result };
export default mod;
