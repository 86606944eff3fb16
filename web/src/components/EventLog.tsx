import { useEffect, useRef } from "preact/hooks";
import { t } from "../strings";

/**
 * What happened, in words, newest at the bottom; announced to screen readers
 * as it grows. Only events: what people said is in the chat, apart.
 */
export function EventLog({ log }: { log: string[] }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    // Scrolls the log itself, never the page.
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [log.length]);
  return (
    <section class="event-log" aria-label={t("table.log")}>
      <h3>{t("table.log")}</h3>
      <ol aria-live="polite" ref={list}>
        {log.map((e, i) => (
          <li key={i}>{e}</li>
        ))}
      </ol>
    </section>
  );
}
