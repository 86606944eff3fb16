// A refusal of the server in the person's language: its stable code picks
// the catalog's text ("refusal.<code>", strings.ts); only a code the catalog
// does not know shows the server's own (English) words. A refused password
// says why (its `reason`: "password.<reason>"), and a refusal that asks to
// wait says how long (`retry_after`).
import { ApiError } from "./api";
import { isUiKey, t } from "./strings";

/** A refusal in the interface's language when its code is known; the server's words otherwise. */
export function refusal(e: { code: string; message: string; detail?: Record<string, unknown> }): string {
  const d = e.detail ?? {};
  const reason = `password.${String(d.reason)}`;
  const key = e.code === "account/password" && isUiKey(reason) ? reason : `refusal.${e.code}`;
  const words = isUiKey(key) ? t(key) : e.message;
  const wait = d.retry_after;
  return typeof wait === "number" && wait > 0 ? `${words} ${t("refusal.retry_in", { n: Math.ceil(wait) })}` : words;
}

/** Anything a request may fail with, for people: a refusal, or the server out of reach. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return refusal(err);
  return t("error.network");
}
