import type { TableConnection } from "../../connection";
import { offeredChoice } from "../../connection";
import type { GameModule } from "../../games/types";
import type { Json } from "../../protocol";
import { href } from "../../router";
import { t } from "../../strings";
import { refusal } from "../../refusal";

/** A lobby nobody started within the server's time: the server closed it for good. */
export function Expired() {
  return (
    <main class="table-gone">
      <p class="error" role="alert" data-code="table/expired">
        {t("table.expired")}
      </p>
      <a class="button" href={href({ page: "home" })}>
        {t("table.to_games")}
      </a>
    </main>
  );
}

/** A table whose stored record the server cannot read or replay: closed until it is restored. */
export function Damaged() {
  return (
    <main class="table-gone">
      <p class="error" role="alert" data-code="table/damaged">
        {t("refusal.table/damaged")}
      </p>
      <a class="button" href={href({ page: "home" })}>
        {t("table.to_games")}
      </a>
    </main>
  );
}

export function Missing({ conn }: { conn: TableConnection }) {
  if (conn.closedFor.value === "table/expired") return <Expired />;
  if (conn.closedFor.value === "table/damaged") return <Damaged />;
  if (conn.status.value === "closed" || conn.error.value?.code === "table/unknown")
    return (
      <main>
        <p class="error">{t("error.unknown_table")}</p>
      </main>
    );
  return (
    <main>
      <p>{t("lobby.loading")}</p>
    </main>
  );
}

/**
 * This seat's decisions the server refused (or the table passed by), each
 * in words with the reason in the person's language until dismissed; and,
 * while the connection is down, how many wait here to be sent.
 */
export function HeldNotices({ conn, mod }: { conn: TableConnection; mod?: GameModule | null }) {
  const refused = conn.refused.value;
  const held = conn.held.value.length;
  const offline = held > 0 && conn.status.value !== "open";
  if (!refused.length && !offline) return null;
  const state = conn.state.value;
  // The decision in the person's current language when it can be told again.
  const words = (r: { action: Json; words: string }) =>
    (state && offeredChoice(state, r.action)?.words) || mod?.describe?.(r.action) || r.words;
  return (
    <>
      {offline && (
        <div class="banner warn held-offline" role="status" data-held={held}>
          {t("held.offline", { n: held })}
        </div>
      )}
      {refused.length > 0 && (
        <ul class="banner error held-refused" role="alert">
          {refused.map((r) => (
            <li key={r.id} data-id={r.id} data-code={r.code} data-action={JSON.stringify(r.action)}>
              <span>{t("held.refused", { what: words(r), why: refusal(r) })}</span>
              <button type="button" onClick={() => conn.dismiss(r.id)}>
                {t("table.dismiss")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function ErrorBanner({ conn }: { conn: TableConnection }) {
  const e = conn.error.value;
  if (!e) return null;
  return (
    <div class="banner error" role="alert" data-code={e.code}>
      <span>{t("table.refused", { message: refusal(e) })}</span>
      <button type="button" onClick={() => (conn.error.value = null)}>
        {t("table.dismiss")}
      </button>
    </div>
  );
}
