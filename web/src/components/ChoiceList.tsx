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
}: {
  choices: Choice[];
  act: (a: number | Json) => void;
  disabled?: boolean;
}) {
  if (!choices.length) return null;
  return (
    <section class="choices" aria-label={t("table.choices")}>
      <h3>{t("table.choices")}</h3>
      <ul>
        {choices.map((c) => (
          <li key={c.action}>
            <button type="button" disabled={disabled} data-action={c.action} onClick={() => act(c.action)}>
              {c.words}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
