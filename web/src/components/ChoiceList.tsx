import { useEffect, useRef } from "preact/hooks";
import type { Choice, Json } from "../protocol";
import { t } from "../strings";

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
      <ul ref={list}>
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
