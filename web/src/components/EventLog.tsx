import { useEffect, useRef, useState } from "preact/hooks";
import { t } from "../strings";

/**
 * What happened, in words, newest at the bottom. Only events: what people
 * said is in the chat, apart.
 *
 * Screen readers hear each event as it happens, once: a polite live region
 * (not shown) receives only the events added since the last render, never
 * the whole log again. The log as first shown (opening or reloading the
 * table) and a log that shrinks (a decision taken back, a reconnect) are
 * not announced; the words of the same events re-worded (the language
 * changed) are not either.
 */
export function EventLog({ log }: { log: string[] }) {
  const list = useRef<HTMLOListElement>(null);
  const seen = useRef<number | null>(null);
  const [news, setNews] = useState<{ from: number; events: string[] }>({ from: 0, events: [] });
  useEffect(() => {
    // Scrolls the log itself, never the page.
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
    const before = seen.current;
    seen.current = log.length;
    if (before !== null && log.length > before) setNews({ from: before, events: log.slice(before) });
  }, [log.length]);
  return (
    <section class="event-log" aria-label={t("table.log")}>
      <h3>{t("table.log")}</h3>
      {/* Focusable so that its scrolled-away events can be read with the keyboard. */}
      <ol ref={list} tabIndex={0} aria-label={t("table.log")}>
        {log.map((e, i) => (
          <li key={i}>{e}</li>
        ))}
      </ol>
      <div class="sr-only event-news" aria-live="polite" aria-atomic="false">
        {news.events.map((e, i) => (
          <p key={news.from + i}>{e}</p>
        ))}
      </div>
    </section>
  );
}
