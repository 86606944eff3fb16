import { useEffect, useRef } from "preact/hooks";
import type { Choice, Json } from "../protocol";
import { t } from "../strings";

/**
 * The arrow keys move the focus from choice to choice (Up and Down wrap
 * around, Home and End go to the first and the last), so that the keyboard
 * need not Tab through a long list; Tab still reaches every choice.
 */
function moveFocus(e: KeyboardEvent) {
  const buttons = [...(e.currentTarget as HTMLElement).querySelectorAll<HTMLButtonElement>("button")];
  const at = buttons.indexOf(e.target as HTMLButtonElement);
  if (at < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
  const n = buttons.length;
  const to =
    e.key === "ArrowDown"
      ? (at + 1) % n
      : e.key === "ArrowUp"
        ? (at + n - 1) % n
        : e.key === "Home"
          ? 0
          : e.key === "End"
            ? n - 1
            : null;
  if (to === null) return;
  e.preventDefault();
  buttons[to].focus();
}

/**
 * Every legal choice in words, as an accessible list of buttons: the same
 * actions the board offers on its pieces, reachable by keyboard and screen
 * readers (and a fallback for any game).
 */
export function ChoiceList({
  choices,
  act,
  disabled,
  suggested,
}: {
  choices: Choice[];
  act: (a: number | Json) => void;
  disabled?: boolean;
  /** The action the guide suggests ("Learn to play"): highlighted, still one choice among all. */
  suggested?: number | null;
}) {
  const list = useRef<HTMLUListElement>(null);
  // The suggested choice is in sight within the list (without scrolling the page).
  useEffect(() => {
    const ul = list.current;
    const li = ul?.querySelector<HTMLElement>("li.suggested");
    if (!ul || !li) return;
    if (li.offsetTop < ul.scrollTop || li.offsetTop + li.offsetHeight > ul.scrollTop + ul.clientHeight)
      ul.scrollTop = Math.max(0, li.offsetTop - 8);
  }, [suggested, choices]);
  if (!choices.length) return null;
  return (
    <section class="choices" aria-label={t("table.choices")}>
      <h3>{t("table.choices")}</h3>
      <ul ref={list} onKeyDown={moveFocus}>
        {choices.map((c) => (
          <li key={c.action} class={c.action === suggested ? "suggested" : undefined}>
            <button
              type="button"
              disabled={disabled}
              data-action={c.action}
              data-suggested={c.action === suggested ? "true" : undefined}
              onClick={() => act(c.action)}
            >
              {c.words}
              {c.action === suggested && " "}
              {c.action === suggested && <span class="tag suggested">{t("guide.suggested")}</span>}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
