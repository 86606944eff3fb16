// First Contact's board: the 5x5 item field, every square a button when a
// choice plays it (rotate, target, offer).
import { softHyphens } from "../../hyphens";
import type { Json } from "../../protocol";
import { colourName, itemName } from "./data";
import type { FcView, ScreenModel, SquareModel } from "./model";
import { ActionButtons, ColourToken, ItemPicture } from "./pieces";
import { t } from "./strings";

export function squareLabel(s: SquareModel, role: string): string {
  const parts = [t("fc.square", { n: s.square }), itemName(s.item)];
  if (s.covered_by) parts.push(t("fc.covered", { colour: colourName(s.covered_by) }));
  if (s.rotated) parts.push(t("fc.rotated"));
  if (role === "alien")
    parts.push(
      s.wanted === "black"
        ? t("fc.black")
        : s.wanted
          ? t("fc.wanted_by", { colour: colourName(s.wanted) })
          : t("fc.neutral"),
    );
  if (s.target) parts.push(t("fc.target"));
  if (s.myOffer) parts.push(t("fc.your_offer"));
  return parts.join(", ");
}

/**
 * A smaller type for a name with a long word, so that the whole name shows in
 * its square on a phone (it wraps between words, or at a soft hyphen).
 */
export function nameSize(name: string): string {
  const longest = Math.max(...name.split(" ").map((w) => [...w].length));
  return longest >= 10 ? "xlong" : longest >= 9 ? "long" : "";
}

export function Board({ v, m, act, pending }: { v: FcView; m: ScreenModel; act: (a: Json) => void; pending: boolean }) {
  return (
    <section class="fc-field-wrap" aria-label={t("fc.field")}>
      <h3>{t("fc.field")}</h3>
      {m.role === "alien" && <p class="fc-help">{t("fc.field_help_alien")}</p>}
      <div class="fc-field" role="group">
        {m.field.map((s) => {
          const label = squareLabel(s, m.role);
          const cls = [
            "fc-sq",
            s.choice ? "playable" : "",
            s.covered_by ? `covered c-${s.covered_by}` : "",
            s.rotated ? "rotated" : "",
            s.wanted ? `want-${s.wanted}` : m.role === "alien" && v.wanted ? "want-none" : "",
            s.target ? "target" : "",
            s.myOffer ? "my-offer" : "",
          ].join(" ");
          const body = (
            <>
              <span class="fc-sq-n">{s.square}</span>{" "}
              {s.wanted && m.role === "alien" && (
                <span class="fc-sq-want">
                  <ColourToken colour={s.wanted} size={12} />
                </span>
              )}
              <span class="fc-sq-pic" aria-hidden="true">
                <ItemPicture id={s.item} />
              </span>
              <span class={`fc-sq-name ${nameSize(itemName(s.item))}`}>{softHyphens(itemName(s.item))}</span>
              {s.covered_by && (
                <span class="fc-sq-cover">
                  <ColourToken colour={s.covered_by} size={22} />
                </span>
              )}
              {s.rotated && (
                <span class="fc-sq-rot" aria-hidden="true">
                  ↻
                </span>
              )}
              {s.target && (
                <span class="fc-sq-badge target" aria-hidden="true">
                  ★
                </span>
              )}
              {s.myOffer && (
                <span class="fc-sq-badge offer" aria-hidden="true">
                  ✓
                </span>
              )}
            </>
          );
          return s.choice ? (
            <button
              key={s.square}
              type="button"
              class={cls}
              data-square={s.square}
              data-item={s.item}
              data-action={s.choice.action}
              title={s.choice.words}
              // The choice's words, then what the square shows (its number and item, hyphenated
              // alike: what speech input users say), then its state.
              aria-label={`${s.choice.words}, ${s.square} ${softHyphens(itemName(s.item))}: ${label}`}
              disabled={pending}
              onClick={() => act(s.choice!.json)}
            >
              {body}
            </button>
          ) : (
            <div key={s.square} class={cls} data-square={s.square} data-item={s.item} title={label} aria-label={label}>
              {body}
            </div>
          );
        })}
      </div>
      <ActionButtons m={m} act={act} pending={pending} verbs={["done", "pass"]} />
    </section>
  );
}
