// A note edit in words, for the game module's `describe`.
import type { Json } from "../../protocol";
import { charName, glyphWords } from "./data";
import { t } from "./strings";

/** A note edit in words (the current language), for a refusal on screen. */
export function describeNote(action: Json): string | undefined {
  if (typeof action !== "object" || action === null || Array.isArray(action)) return undefined;
  const note = action.note;
  if (typeof note === "object" && note !== null && !Array.isArray(note) && typeof note.characteristic === "string") {
    const name = charName(note.characteristic);
    return typeof note.glyph === "number"
      ? t("fc.note_write", { glyph: glyphWords(note.glyph), name })
      : t("fc.note_clear", { name });
  }
  if (typeof action.unknown === "number") return t("fc.unknown_toggle", { glyph: glyphWords(action.unknown) });
  return undefined;
}
