import { useState } from "preact/hooks";
import type { TableConnection } from "../connection";
import { t } from "../strings";

/** The table chat box; lines appear in the event log, refusals in the table's error banner. */
export function Chat({ conn }: { conn: TableConnection }) {
  const [text, setText] = useState("");
  return (
    <form
      class="chat"
      aria-label={t("chat.title")}
      onSubmit={(e) => {
        e.preventDefault();
        const s = text.trim();
        if (!s) return;
        conn.chat(s);
        setText("");
      }}
    >
      <input
        type="text"
        maxLength={500}
        value={text}
        placeholder={t("chat.placeholder")}
        aria-label={t("chat.placeholder")}
        onInput={(e) => setText((e.target as HTMLInputElement).value)}
      />
      <button type="submit">{t("chat.send")}</button>
    </form>
  );
}
