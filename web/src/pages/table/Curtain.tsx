import { useEffect, useRef } from "preact/hooks";
import { SeatList } from "../../components/SeatList";
import type { TableState } from "../../connection";
import { SeatMark } from "../../seats";
import { t } from "../../strings";

/** The curtain between two seats' turns: nothing private of anyone, one button to go on. */
export function Curtain({
  seat,
  name,
  onConfirm,
  watching,
}: {
  seat: number;
  name: string;
  onConfirm: () => void;
  watching: TableState | null;
}) {
  // The confirmation is where the keyboard is: Enter shows the next person's view.
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), [seat]);
  return (
    <section class="curtain" aria-labelledby="curtain-title" data-seat={seat}>
      <div class="curtain-card">
        <SeatMark seat={seat} />
        <h1 id="curtain-title">{t("hot.pass_to", { name })}</h1>
        <p>{t("hot.help", { name })}</p>
        <button type="button" class="primary big" ref={button} onClick={onConfirm}>
          {t("hot.confirm", { name })}
        </button>
      </div>
      {watching && watching.phase !== "lobby" && <SeatList state={watching} />}
    </section>
  );
}
