// The waiting room's parts for accounts and play now: a play-now table's wait ("bots
// join at 18:40:05"), the rated table's rule, and inviting a friend or any
// account by name (POST /api/tables/{id}/invite).
import { useEffect, useState } from "preact/hooks";
import { accountApi, api } from "../../api";
import { account } from "../../account";
import { lang } from "../../i18n";
import type { TableSummary } from "../../protocol";
import { errorText } from "../../refusal";
import { href } from "../../router";
import { t } from "../../strings";
import { useNow } from "../../time";

/** The table's summary (play now, rated), asked again whenever the table changes (`version`). */
export function useSummary(id: string, version: number): TableSummary | null {
  const [summary, setSummary] = useState<TableSummary | null>(null);
  useEffect(() => {
    let live = true;
    api.table(id).then(
      (s) => live && setSummary(s),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [id, version]);
  return summary;
}

/** "Waiting for players: 2 free seats, bots join at 18:40:05" (or "bots are joining now" once it is past). */
export function PlayNowLine({ summary, free }: { summary: TableSummary; free: number }) {
  const now = useNow(1000);
  if (!summary.play_now || summary.starts_at === undefined) return null;
  const time = new Intl.DateTimeFormat(lang.value, { hour: "2-digit", minute: "2-digit", second: "2-digit" }).format(
    new Date(summary.starts_at),
  );
  return (
    <p class="banner play-now-wait" role="status">
      {summary.starts_at > now ? t("playnow.waiting", { n: free, time }) : t("playnow.bots_now")}
    </p>
  );
}

/**
 * Invites a friend (offered from the friends list) or any account by name:
 * signed in only, since an invitation names the account that sends it (a
 * guest is asked to sign in).
 */
export function InviteByName({ id, token }: { id: string; token: string }) {
  const [name, setName] = useState("");
  const [friends, setFriends] = useState<string[]>([]);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const signedIn = !!account.value;
  useEffect(() => {
    if (!signedIn) return;
    accountApi.friends().then(
      (r) => setFriends(r.friends.map((f) => f.name)),
      () => {},
    );
  }, [signedIn]);
  const send = (who: string) => {
    setSaid(null);
    api.invite(id, who, token).then(
      () => {
        setName("");
        setSaid({ ok: true, text: t("invite.sent", { name: who }) });
      },
      (e: unknown) => setSaid({ ok: false, text: errorText(e) }),
    );
  };
  if (!signedIn)
    return (
      <p class="invite-by-name muted">
        <a href={href({ page: "account" })}>{t("invite.sign_in")}</a>
      </p>
    );
  return (
    <form
      class="invite-by-name"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) send(name.trim());
      }}
    >
      <label for="invite-name">{t("invite.title")}</label>
      <div class="row">
        <input
          id="invite-name"
          list={friends.length ? "invite-friends" : undefined}
          placeholder={t("invite.name")}
          maxLength={24}
          value={name}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
        <button type="submit">{t("invite.send")}</button>
      </div>
      {friends.length > 0 && (
        <>
          <datalist id="invite-friends">
            {friends.map((f) => (
              <option key={f} value={f} />
            ))}
          </datalist>
          <div class="actions friend-invites">
            {friends.map((f) => (
              <button key={f} type="button" class="small" onClick={() => send(f)}>
                {`${t("invite.send")}: ${f}`}
              </button>
            ))}
          </div>
        </>
      )}
      {said && (
        <p class={said.ok ? "muted" : "error"} role={said.ok ? "status" : "alert"}>
          {said.text}
        </p>
      )}
    </form>
  );
}
