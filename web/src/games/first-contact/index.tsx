// First Contact in the browser: the screen (Screen.tsx), the end screen's
// figures (Result.tsx), how a seat's view shows a note edit (model.ts) and a
// note edit in words (describe.ts).
import type { Json } from "../../protocol";
import type { GameModule } from "../types";
import { describeNote } from "./describe";
import { noteShown } from "./model";
import { Result } from "./Result";
import { Screen } from "./Screen";
import "./fc.css";

const mod: GameModule = {
  Screen,
  Result,
  shows: (view, d) => (d.free ? noteShown(view, d.action as Json, d.expect) : undefined),
  describe: describeNote,
};
export default mod;
