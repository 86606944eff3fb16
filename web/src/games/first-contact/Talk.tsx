// Table talk: the chat rule, a refusal explained kindly, and the choices no
// piece plays.
import type { TableConnection } from "../../connection";
import type { Choice, Json } from "../../protocol";
import type { ScreenModel } from "./model";
import { t } from "./strings";

/** The refused word, quoted in the server's refusal (`"big" names Big ...`). */
export function refusedWord(message: string): string {
  const m = /["“«]([^"”»]+)["”»]/.exec(message);
  return m ? m[1] : "";
}

export function ChatRule({ conn }: { conn: TableConnection }) {
  const e = conn.error.value;
  const refused = e?.code === "chat/names_characteristic";
  return (
    <section class={`fc-chat-rule ${refused ? "refused" : ""}`} role={refused ? "status" : undefined}>
      <strong>{t("fc.chat_rule_title")}:</strong>{" "}
      {refused ? t("fc.chat_refused", { word: refusedWord(e.message) }) : t("fc.chat_rule")}
    </section>
  );
}

export function OtherChoices({ m, act, pending }: { m: ScreenModel; act: (a: Json) => void; pending: boolean }) {
  if (!m.other.length) return null;
  return (
    <section class="fc-other">
      <h3>{t("fc.other")}</h3>
      {m.other.map((c: Choice) => (
        <button
          key={c.action}
          type="button"
          title={c.words}
          data-action={c.action}
          disabled={pending}
          onClick={() => act(c.json)}
        >
          {c.words}
        </button>
      ))}
    </section>
  );
}
