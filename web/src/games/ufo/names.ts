// Game texts from the engine's own catalog (games/ufo/data/messages.json, en/it/ko):
// places, UFO types, phases, verdicts, the UFO's name.
import messages from "../../../../games/ufo/data/messages.json";
import { fill, pick } from "../../i18n";
import type { Lang } from "../../protocol";

type Texts = Partial<Record<Lang, string>>;
const catalog = messages as Record<string, Texts>;

/** The engine's text for a key, in the current language, filled. */
export function msg(key: string, args: Record<string, string | number> = {}, fallback = key): string {
  return fill(pick(catalog[key], fallback), args);
}

export function placeName(id: string): string {
  return msg(`place.${id}`, {}, id);
}

export function typeName(type: string): string {
  return msg(`type.${type}`, {}, type);
}

export function phaseName(phase: string): string {
  return msg(`phase.${phase}`, {}, phase);
}

export function verdictName(verdict: string): string {
  return msg(`verdict.${verdict}`, {}, verdict);
}

/** "UFO 3 (Bumper)" as the engine names a UFO in its words. */
export function ufoName(id: number, type: string): string {
  return msg("ufo_typed", { n: id, type: typeName(type) }, `UFO ${id}`);
}
