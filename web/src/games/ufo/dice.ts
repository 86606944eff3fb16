// The latest dice of a bump or a control roll, read back from the server's
// events with the engine's own templates (messages.json ev.attack_die,
// ev.defence_die, ev.control) in the current language, so the screen can
// draw the dice the events tell about, step by step.
import messages from "../../../../games/ufo/data/messages.json";
import { patternParts, pick } from "../../i18n";
import type { Lang } from "../../protocol";

export type RollKind = "attack" | "defence" | "control";

export interface Roll {
  kind: RollKind;
  die: number;
  /** The event's own words. */
  line: string;
  /** The next line when it tells the outcome (success, failure, who wins, a tie). */
  outcome?: string;
}

const KEYS: Record<RollKind, string> = { attack: "ev.attack_die", defence: "ev.defence_die", control: "ev.control" };
const OUTCOMES = [
  "bump.tie",
  "bump.wins",
  "control.opened",
  "control.failed_open",
  "control.taken",
  "control.failed_take",
];
const catalog = messages as Record<string, Partial<Record<Lang, string>>>;

/** A regular expression matching a template's filled text; `{die}` is captured, plural blocks match any count. */
export function templateRegex(template: string): RegExp {
  const body = patternParts(template)
    .map((p) => {
      if (typeof p === "string") return p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      return p.name === "die" && !p.plural ? "(?<die>\\d+)" : ".*?";
    })
    .join("");
  return new RegExp(`^${body}$`);
}

function matches(key: string, line: string): RegExpExecArray | null {
  const t = pick(catalog[key]);
  return t ? templateRegex(t).exec(line) : null;
}

export function parseRoll(line: string): Roll | null {
  for (const kind of ["attack", "defence", "control"] as RollKind[]) {
    const m = matches(KEYS[kind], line);
    if (m?.groups) return { kind, die: Number(m.groups.die), line };
  }
  return null;
}

function isOutcome(line: string | undefined): boolean {
  return line !== undefined && OUTCOMES.some((k) => matches(k, line) !== null);
}

/**
 * The dice of the latest roll among the recent events: a control roll, or the
 * attacker's and the defender's dice of a bump (only the attacker's while the
 * defender has not rolled). Empty when no roll is recent.
 */
export function lastRolls(log: string[], recent = 10): Roll[] {
  const lines = log.flatMap((e) => e.split("\n"));
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - recent); i--) {
    const r = parseRoll(lines[i]);
    if (!r) continue;
    if (isOutcome(lines[i + 1])) r.outcome = lines[i + 1];
    if (r.kind === "defence" && i > 0) {
      const a = parseRoll(lines[i - 1]);
      if (a?.kind === "attack") return [a, r];
    }
    return [r];
  }
  return [];
}
