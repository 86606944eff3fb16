// What the table does now and what this seat may do, above the board.
import { seatName } from "../../components/SeatList";
import type { TableState } from "../../connection";
import { CHARACTERISTICS, charName, colourName, gameText, itemName } from "./data";
import type { FcView, ScreenModel } from "./model";
import { phaseActor } from "./model";
import { ColourToken, squareWords } from "./pieces";
import { t } from "./strings";
import { t as ui } from "../../strings";

/**
 * A prompt of the game's catalog without its opening "Your turn: " (the
 * catalog's words for the terminal): on the page the action bar says it,
 * once. Other prompts ("You are asked: ...") stay whole.
 */
export function withoutYourTurn(prompt: string): string {
  const lead = `${ui("table.your_turn")}: `;
  if (!prompt.startsWith(lead)) return prompt;
  const rest = prompt.slice(lead.length);
  return rest.charAt(0).toLocaleUpperCase() + rest.slice(1);
}

const CHAR_IDS: string[] = CHARACTERISTICS.map((c) => c.id);

const STATUS: Record<string, string> = {
  lay_field: "status.setup",
  draw_language_pad: "status.setup",
  draw_request_card: "status.setup",
  custom_symbols: "status.custom_symbols",
  zero_turn: "status.zero_turn",
  choose_characteristic: "status.choose",
  rotate_cards: "status.rotate",
  propose_glyph: "status.propose",
  choose_target: "status.target",
  write_message: "status.message",
  offer: "status.offer",
  second_attempt: "status.second",
  over: "status.over",
};
const PROMPT: Record<string, string> = {
  custom_symbols: "prompt.custom_symbols",
  zero_turn: "prompt.zero_turn",
  choose_characteristic: "prompt.choose",
  rotate_cards: "prompt.rotate",
  propose_glyph: "prompt.propose",
  choose_target: "prompt.target",
  write_message: "prompt.message",
  offer: "prompt.offer",
  second_attempt: "prompt.second",
};

export function Status({ state, v, m }: { state: TableState; v: FcView; m: ScreenModel }) {
  const actor = phaseActor(v);
  const who = actor === null ? "" : seatName(state, actor);
  const squares = v.question.rotated.map((s) => `${s} ${itemName(v.field[s]?.item ?? "")}`).join(", ");
  const args = {
    who,
    n:
      v.phase === "custom_symbols"
        ? (v.symbols_assigned ?? 0)
        : v.phase === "rotate_cards"
          ? v.question.rotated.length
          : v.message.glyphs.length,
    characteristic:
      v.phase === "custom_symbols"
        ? charName(CHAR_IDS[v.symbols_assigned ?? 0] ?? "")
        : v.my_characteristic
          ? charName(v.my_characteristic)
          : "",
    squares,
    square: v.target !== undefined && v.target !== null ? squareWords(v, v.target) : "",
  };
  const status = gameText(STATUS[v.phase] ?? "status.setup", args);
  const prompt = m.mine && PROMPT[v.phase] ? withoutYourTurn(gameText(PROMPT[v.phase], args)) : null;
  // "You are the red alien.": the role with its article, each language's own sentence.
  let you = "";
  if (m.role === "alien")
    you =
      v.aliens.length === 1
        ? t("fc.you_are_the_alien")
        : t("fc.you_are_alien", { colour: colourName(v.aliens[m.index].colour) });
  else if (m.role === "earthling") you = t("fc.you_are_earthling", { n: m.index + 1 });
  return (
    <section class={`fc-status ${m.mine ? "mine" : ""}`} aria-live="polite">
      <div class="fc-status-line">
        {m.role !== "spectator" && (
          <span class={`fc-role role-${m.role}`}>
            {m.role === "alien" && <ColourToken colour={v.aliens[m.index].colour} />}
            {you}
          </span>
        )}
        <span class="fc-round">{t("fc.round", { n: v.round })}</span>
      </div>
      <p class="fc-phase">{status}</p>
      {prompt && <p class="fc-prompt">{prompt}</p>}
    </section>
  );
}
