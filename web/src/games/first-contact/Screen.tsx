// First Contact's screen: the alien's desk (language pad, request card,
// target, the glyph palette with the NOT bar to compose a message) or the
// earthling's (glyph pad, note pad edited by clicking or dragging, offers),
// both around the item field (Board.tsx). Every legal choice is played on its
// piece; the table page's choice list offers the same choices in words.
import { PictureCredit } from "../../components/PictureCredit";
import type { Json } from "../../protocol";
import type { GameScreenProps } from "../types";
import { AlienDesk } from "./AlienDesk";
import { Board } from "./Board";
import { EarthlingDesk } from "./EarthlingDesk";
import { OnTable, RoundHistory, ZeroTurn } from "./Round";
import { Status } from "./Status";
import { ChatRule, OtherChoices } from "./Talk";
import { Decisions, Teams } from "./Teams";
import { fcView, screenModel } from "./model";

export function Screen({ state, act, pending, conn }: GameScreenProps) {
  const v = fcView(state);
  if (!v || !Array.isArray(v.field)) return null;
  const m = screenModel(state);
  const play = (a: Json) => act(a);
  const refused = conn.error.value?.code === "chat/names_characteristic";
  // Decisions, the round so far and the teams: beside the field for a
  // spectator, who has no desk; under it for a player.
  const info = (
    <>
      <Decisions state={state} m={m} />
      <RoundHistory state={state} v={v} m={m} />
      <ZeroTurn state={state} v={v} />
      <Teams state={state} v={v} />
    </>
  );
  return (
    <div class={`fc role-${m.role} phase-${v.phase}`} data-role={m.role} data-phase={v.phase} data-mine={m.mine}>
      <Status state={state} v={v} m={m} />
      {state.seat >= 0 && refused && <ChatRule conn={conn} />}
      <OnTable state={state} v={v} m={m} />
      {/* The field, then the desk (what the person acts on), then the round so far: one column on a
          phone in that order; side by side on a wider screen, the desk beside the field (fc.css). */}
      <div class="fc-layout">
        <div class="fc-main">
          <Board v={v} m={m} act={play} pending={pending} />
        </div>
        <div class="fc-desk">
          {m.role === "alien" && <AlienDesk state={state} v={v} m={m} act={play} pending={pending} />}
          {m.role === "earthling" && <EarthlingDesk v={v} m={m} act={play} pending={pending} conn={conn} />}
          {m.role === "spectator" && info}
          <OtherChoices m={m} act={play} pending={pending} />
        </div>
        {m.role !== "spectator" && (
          <div class="fc-info">
            {info}
            {state.seat >= 0 && !refused && <ChatRule conn={conn} />}
          </div>
        )}
      </div>
      <PictureCredit />
    </div>
  );
}
