// A signed-in person sees an invitation on whatever page they are: a toast
// with Join (one step: the seat is taken and the table opens,
// invitations.ts) and Later (it stays in My tables). An invitation comes
// the moment it is made on the account channel (account-channel.ts); the
// invitations are also asked for when the page opens, when the channel
// opens (what came while it was down), when the tab is shown again, and
// every POLL_MS while the channel is down. Its own chunk, loaded once
// someone is signed in (app.tsx).
import { useEffect, useState } from "preact/hooks";
import { openAccountChannel } from "../account-channel";
import { accountApi } from "../api";
import { GAME_INFO } from "../games/info";
import { joinInvitation } from "../invitations";
import type { Invitation } from "../protocol";
import { errorText } from "../refusal";
import { route } from "../router";
import { t } from "../strings";

/** How often the invitations are asked for while the tab is shown and the account channel is down. */
export const POLL_MS = 10_000;

const SHOWN = "meeple.invitations.later";

/** The tables whose invitation the person put off with "Later" in this tab. */
function putOff(): string[] {
  try {
    const v = JSON.parse(sessionStorage.getItem(SHOWN) ?? "[]") as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

export default function InvitationToast() {
  const [list, setList] = useState<Invitation[]>([]);
  const [later, setLater] = useState<string[]>(putOff);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setInterval> | undefined;
    // Invitations the channel brought, in order: an answer to a question
    // asked before one came keeps it (the answer may predate it).
    const pushed: Invitation[] = [];
    const ask = () => {
      if (document.visibilityState === "hidden") return;
      const since = pushed.length;
      accountApi.invitations().then(
        (r) => {
          if (!live) return;
          const later = pushed.slice(since).filter((p) => !r.invitations.some((i) => i.table === p.table));
          setList([...later, ...r.invitations]);
        },
        () => {},
      );
    };
    // A channel that drops again and again (retried every few seconds) keeps the poll's own pace.
    const poll = (on: boolean) => {
      if (on && timer !== undefined) return;
      clearInterval(timer);
      timer = on ? setInterval(ask, POLL_MS) : undefined;
      // Which way invitations come now, for the e2e run and a developer's eye.
      document.documentElement.dataset.invitations = on ? "polling" : "live";
    };
    const close = openAccountChannel({
      onReady: () => {
        poll(false);
        ask();
      },
      onDown: () => poll(true),
      onInvitation: (inv) => {
        pushed.push(inv);
        if (live) setList((l) => [inv, ...l.filter((x) => x.table !== inv.table)]);
      },
    });
    ask();
    poll(true);
    document.addEventListener("visibilitychange", ask);
    return () => {
      live = false;
      close();
      clearInterval(timer);
      delete document.documentElement.dataset.invitations;
      document.removeEventListener("visibilitychange", ask);
    };
  }, []);
  const r = route.value;
  // Not on the invited table's own page, nor on My tables (which lists them all).
  const inv = list.find(
    (i) => !later.includes(i.table) && r.page !== "my" && !(r.page === "table" && r.id === i.table),
  );
  if (!inv) return null;
  const putOffThis = () => {
    const next = [...later, inv.table];
    setLater(next);
    try {
      sessionStorage.setItem(SHOWN, JSON.stringify(next));
    } catch {
      // Not remembered: it shows again on the next page load.
    }
  };
  return (
    <div class="toast invitation-toast" role="status" aria-live="polite" data-table={inv.table}>
      <p>
        {t("invitations.line", {
          from: inv.from || t("invitations.host"),
          game: GAME_INFO[inv.game]?.title ?? inv.title,
        })}
      </p>
      <div class="actions">
        <button
          type="button"
          class="primary"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            setError(null);
            joinInvitation(inv).then(
              () => {
                setBusy(false);
                setList((l) => l.filter((x) => x.table !== inv.table));
              },
              (e: unknown) => {
                setBusy(false);
                setError(errorText(e));
              },
            );
          }}
        >
          {t("invitations.join")}
        </button>
        <button type="button" onClick={putOffThis}>
          {t("invitations.later")}
        </button>
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
