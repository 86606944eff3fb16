// A refusal of the server in the person's language: its stable code picks
// the catalog's text ("refusal.<code>", strings.ts); only a code the catalog
// does not know shows the server's own (English) words.
import { ApiError } from "./api";
import { type UiKey, t, ui } from "./strings";

/** A refusal in the interface's language when its code is known; the server's words otherwise. */
export function refusal(e: { code: string; message: string }): string {
  const key = `refusal.${e.code}`;
  return key in ui.en ? t(key as UiKey) : e.message;
}

/** Anything a request may fail with, for people: a refusal, or the server out of reach. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return refusal(err);
  return t("error.network");
}
