// "Learn to play": the guide's panel on the table page (what rule applies
// now, what the person did instead, the step, a link to the rule), and the
// suggested choice found among the state's choices (ChoiceList and the
// board highlight it). The person may still play any choice.
import type { RefObject } from "preact";
import { useEffect } from "preact/hooks";
import type { Choice, Guide, Json } from "../protocol";
import { LearnButton } from "../learn";
import { href } from "../router";
import { t } from "../strings";

/** Deep equality of two JSON values (object keys in any order). */
export function jsonEqual(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  if (typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => jsonEqual(x, b[i]));
  }
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => k in b && jsonEqual(a[k], b[k]));
}

/** The choice whose JSON form is the guide's suggestion, if the state offers it. */
export function suggestedChoice(choices: readonly Choice[] | undefined, guide: Guide | undefined): Choice | null {
  if (!guide || guide.suggestion === null || guide.suggestion === undefined) return null;
  return (choices ?? []).find((c) => jsonEqual(c.json, guide.suggestion)) ?? null;
}

/** The guided part is over: the script's last step is behind. */
export function guideOver(g: Guide): boolean {
  return g.step >= g.steps;
}

export const SUGGESTED_CLASS = "guide-suggested";

/**
 * Marks the board's element(s) for the suggested choice (those carrying its
 * `data-action`, its `data-json`, or it among their `data-actions`) with a class, and keeps the mark while
 * the game's screen redraws itself.
 */
export function useBoardHighlight(root: RefObject<HTMLElement | null>, choice: Choice | null): void {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const json = choice ? JSON.stringify(choice.json) : "";
    const isSuggested = (m: Element) =>
      choice !== null &&
      (m.getAttribute("data-action") === String(choice.action) ||
        m.getAttribute("data-json") === json ||
        (m.getAttribute("data-actions") ?? "").split(" ").includes(String(choice.action)));
    const mark = () => {
      for (const m of el.querySelectorAll(`.${SUGGESTED_CLASS}`))
        if (!isSuggested(m)) m.classList.remove(SUGGESTED_CLASS);
      if (choice)
        for (const m of el.querySelectorAll("[data-action], [data-json], [data-actions]"))
          if (isSuggested(m) && !m.classList.contains(SUGGESTED_CLASS)) m.classList.add(SUGGESTED_CLASS);
    };
    mark();
    if (!choice || typeof MutationObserver === "undefined") return;
    const obs = new MutationObserver(mark);
    obs.observe(el, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
    return () => {
      obs.disconnect();
      for (const m of el.querySelectorAll(`.${SUGGESTED_CLASS}`)) m.classList.remove(SUGGESTED_CLASS);
    };
  }, [root, choice?.action, choice?.json]);
}

/** The guide's words for this moment of the game. */
export function GuidePanel({
  guide,
  game,
  mustAct,
  suggested,
}: {
  guide: Guide;
  game: string;
  /** This seat has a decision to take now. */
  mustAct: boolean;
  /** The choice the guide suggests, when the state offers it. */
  suggested: Choice | null;
}) {
  const over = guideOver(guide);
  const text = guide.text || (mustAct || over ? "" : t("guide.waiting"));
  return (
    <section
      class={`guide-panel${over ? " over" : ""}`}
      aria-label={t("guide.title")}
      aria-live="polite"
      data-step={guide.step}
      data-steps={guide.steps}
      data-over={over ? "true" : "false"}
      data-part={guide.part}
      data-parts={guide.parts}
    >
      <header>
        <h3>{over ? t("guide.over") : t("guide.title")}</h3>
        {guide.parts > 1 && <span class="guide-part">{t("guide.part", { n: guide.part + 1, m: guide.parts })}</span>}
        {!over && guide.steps > 0 && (
          <span class="guide-step">
            {t("guide.step", { n: Math.min(guide.step + 1, guide.steps), m: guide.steps })}
          </span>
        )}
      </header>
      {guide.instead && (
        <div class="guide-instead" role="note">
          <strong>{t("guide.instead")}</strong>
          <p>{guide.instead}</p>
        </div>
      )}
      {/* Focusable: on a phone the words scroll within a few lines, and the keyboard scrolls them too. */}
      {text && (
        <p class="guide-text" tabIndex={0}>
          {text}
        </p>
      )}
      {suggested && (
        <p class="guide-suggestion">
          <span class="tag suggested">{t("guide.suggested")}</span> {suggested.words}
        </p>
      )}
      <footer>
        {guide.rules && (
          <a
            class="guide-rule"
            href={href({ page: "rules", game, section: guide.rules })}
            target="_blank"
            rel="noopener"
          >
            {t("guide.read_rule")} ↗
          </a>
        )}
        {suggested && <small class="muted">{t("guide.free_play")}</small>}
        {over && guide.part + 1 < guide.parts && (
          <LearnButton game={game} part={guide.part + 1} parts={guide.parts} primary />
        )}
        {over && (
          <a class="button small" href={href({ page: "new", game })}>
            {t("lobby.new_table")}
          </a>
        )}
      </footer>
    </section>
  );
}
