// Times and durations for turn-based tables: "for 3 h", "until 18:40",
// "2 days", in the interface's language.
import { useEffect, useState } from "preact/hooks";
import { lang } from "./i18n";
import { t } from "./strings";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** A span of time, rounded down, short: "a moment", "45 min", "3 h", "1 day", "2 days". */
export function duration(ms: number): string {
  const m = Math.max(0, ms);
  if (m < MIN) return t("dur.moment");
  if (m < HOUR) return t("dur.min", { n: Math.floor(m / MIN) });
  if (m < DAY) return t("dur.h", { n: Math.floor(m / HOUR) });
  return t("dur.days", { n: Math.floor(m / DAY) });
}

/** Time left on a countdown: "4:59" under an hour, "2:05:00" under a day, in words beyond. */
export function countdown(ms: number): string {
  const secs = Math.max(0, Math.ceil(ms / 1000));
  if (secs >= 86400) return duration(ms);
  const h = Math.floor(secs / 3600);
  const m = Math.floor((secs % 3600) / 60);
  const s = String(secs % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** A clock setting in words: "1 hour", "12 hours", "1 day", "3 days". */
export function clockWords(seconds: number): string {
  if (seconds % 86400 === 0) {
    return t("dur.days", { n: seconds / 86400 });
  }
  if (seconds % 3600 === 0) return t("dur.hours", { n: seconds / 3600 });
  return t("dur.min", { n: Math.round(seconds / 60) });
}

/** A moment: the time of day when it is today, the date and time otherwise. */
export function when(ms: number, now = Date.now()): string {
  const d = new Date(ms);
  const today = new Date(now).toDateString() === d.toDateString();
  const opts: Intl.DateTimeFormatOptions = today
    ? { hour: "2-digit", minute: "2-digit" }
    : { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" };
  return new Intl.DateTimeFormat(lang.value, opts).format(d);
}

/** The current time, refreshed every `everyMs` while mounted (for "for 3 h" texts that must move on). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
