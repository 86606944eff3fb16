import { useEffect, useRef, useState } from "preact/hooks";
import type { TableConnection, TableState } from "../connection";
import { SeatMark } from "../seats";
import { t } from "../strings";
import { seatName } from "./SeatList";

/**
 * The table chat: what people said, apart from what happened (the event
 * log). Each line says who wrote it (the seat's marker and name) beside
 * their words in a speech bubble, so that no line of chat can pass for an
 * event. Earlier lines than those held are one button away. Refusals go to
 * the table's error banner, in the person's language.
 */
export function Chat({ conn, state }: { conn: TableConnection; state: TableState }) {
  const [text, setText] = useState("");
  const lines = conn.chat.value;
  const loading = conn.chatLoading.value;
  const canSay = state.seat >= 0 && state.phase === "playing";
  const list = useRef<HTMLOListElement>(null);
  // New lines scroll the chat (never the page) to the newest; an earlier page keeps the top in view.
  const last = lines.length ? lines[lines.length - 1].n : -1;
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last]);
  if (!canSay && !lines.length) return null;
  return (
    <section class="chat-box" aria-label={t("chat.title")}>
      <h3>{t("chat.title")}</h3>
      {conn.hasEarlierChat() && (
        <button
          type="button"
          class="small chat-earlier"
          disabled={loading}
          onClick={() => {
            conn.earlierChat();
            list.current?.scrollTo?.({ top: 0 });
          }}
        >
          {loading ? t("chat.loading") : t("chat.earlier")}
        </button>
      )}
      {lines.length > 0 ? (
        <ol class="chat-lines" aria-live="polite" ref={list}>
          {lines.map((l) => (
            <li key={l.n} data-n={l.n} data-seat={l.seat} class={l.seat === state.seat ? "mine" : undefined}>
              <span class="who">
                <SeatMark seat={l.seat} size={12} />
                {seatName(state, l.seat)}
              </span>
              <span class="said">{l.text}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p class="muted chat-empty">{t("chat.empty")}</p>
      )}
      {canSay && (
        <form
          class="chat"
          onSubmit={(e) => {
            e.preventDefault();
            // One line of text: the server refuses line breaks (chat/not_a_line).
            const s = text.replace(/\s+/g, " ").trim();
            if (!s) return;
            conn.say(s);
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
      )}
    </section>
  );
}
