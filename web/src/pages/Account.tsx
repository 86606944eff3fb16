// The account page: sign in, create an account (its recovery
// codes shown once), recover with a code; signed in: the profile's link,
// sign out, friends, a new password, hiding the profile, taking invitations
// from friends only (so a stranger cannot invite), deleting the account. Accounts are
// optional: nothing here is needed to play. A refusal says why in words: a
// password too easy to guess, or how long to wait after wrong ones.
import { useEffect, useState } from "preact/hooks";
import { accountApi } from "../api";
import { account, signOut, signedIn } from "../account";
import type { Friend } from "../protocol";
import { errorText } from "../refusal";
import { href } from "../router";
import { t } from "../strings";
import { FormError } from "../components/FormError";

type Mode = "signin" | "signup" | "recover";

export function AccountPage() {
  const a = account.value;
  // Recovery codes just made: shown until the person says they saved them.
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (a === undefined) return <p>{t("lobby.loading")}</p>;
  return (
    <main class="account-page">
      <h1>{t("account.title")}</h1>
      {notice && (
        <p class="banner" role="status">
          {notice}
        </p>
      )}
      {codes ? (
        <RecoveryCodes codes={codes} onSaved={() => setCodes(null)} />
      ) : a ? (
        <SignedIn name={a.name} hidden={a.hidden} friendsOnly={!!a.friends_only} onNotice={setNotice} />
      ) : (
        <SignInForms
          onDone={(n, newCodes) => {
            setNotice(n);
            if (newCodes) setCodes(newCodes);
          }}
        />
      )}
    </main>
  );
}

/** Shown once after sign-up: the ten codes, a copy button, and "I have saved them". */
function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <section class="recovery-codes">
      <h2>{t("account.codes_title")}</h2>
      <p>{t("account.codes_help")}</p>
      <ol class="codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div class="actions">
        <button
          type="button"
          onClick={() =>
            navigator.clipboard?.writeText(codes.join("\n")).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t("wait.copied") : t("account.codes_copy")}
        </button>
        <button type="button" class="primary" onClick={onSaved}>
          {t("account.codes_saved")}
        </button>
      </div>
    </section>
  );
}

function synced(n: number): string | null {
  return n > 0 ? t("account.synced", { n }) : null;
}

function SignInForms({ onDone }: { onDone: (notice: string | null, codes?: string[]) => void }) {
  const [mode, setMode] = useState<Mode>("signin");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (mode === "signup") {
        const r = await accountApi.signUp(name.trim(), password);
        onDone(synced(await signedIn(r).catch(() => 0)), r.recovery_codes);
      } else if (mode === "signin") {
        const r = await accountApi.signIn(name.trim(), password);
        onDone(synced(await signedIn(r).catch(() => 0)));
      } else {
        const r = await accountApi.recover(name.trim(), code.trim(), password);
        const n = await signedIn(r).catch(() => 0);
        onDone([t("account.codes_left", { n: r.recovery_codes_left }), synced(n)].filter(Boolean).join(" · "));
      }
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };
  const tab = (m: Mode, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === m}
      class={mode === m ? "primary" : ""}
      onClick={() => {
        setMode(m);
        setError(null);
      }}
    >
      {label}
    </button>
  );
  return (
    <section class="sign-in">
      <p class="muted">{t("account.why")}</p>
      <div class="tabs" role="tablist">
        {tab("signin", t("account.sign_in"))}
        {tab("signup", t("account.sign_up"))}
        {tab("recover", t("account.recover"))}
      </div>
      <form onSubmit={submit} data-mode={mode}>
        <div class="param">
          <label for="account-name">{t("account.name")}</label>
          <input
            id="account-name"
            name="username"
            autocomplete="username"
            required
            maxLength={24}
            value={name}
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
          />
          {mode === "signup" && <small>{t("account.name_help")}</small>}
        </div>
        {mode === "recover" && (
          <div class="param">
            <label for="account-code">{t("account.code")}</label>
            <input
              id="account-code"
              autocomplete="one-time-code"
              required
              value={code}
              onInput={(e) => setCode((e.target as HTMLInputElement).value)}
            />
          </div>
        )}
        <PasswordField
          id="account-password"
          label={t(mode === "recover" ? "account.new_password" : "account.password")}
          isNew={mode !== "signin"}
          value={password}
          onInput={setPassword}
        />
        <FormError message={error} />
        <div class="actions">
          <button class="primary" type="submit" disabled={busy}>
            {mode === "signin" ? t("account.sign_in") : mode === "signup" ? t("account.sign_up") : t("account.recover")}
          </button>
        </div>
      </form>
    </section>
  );
}

function SignedIn(p: { name: string; hidden: boolean; friendsOnly: boolean; onNotice: (n: string | null) => void }) {
  const { name, hidden, friendsOnly, onNotice } = p;
  const [error, setError] = useState<string | null>(null);
  const fail = (e: unknown) => setError(errorText(e));
  return (
    <section class="signed-in">
      <p>
        <strong>{t("account.signed_in_as", { name })}</strong>
      </p>
      <div class="actions">
        <a class="button" href={href({ page: "player", name })}>
          {t("account.profile")}
        </a>
        <a class="button" href={href({ page: "my" })}>
          {t("nav.my")}
        </a>
        <button type="button" onClick={() => signOut().then(() => onNotice(null), fail)}>
          {t("account.sign_out")}
        </button>
      </div>
      <FormError message={error} />
      <Friends />
      <label class="check">
        <input
          type="checkbox"
          name="hidden"
          checked={hidden}
          onChange={(e) => {
            const h = (e.target as HTMLInputElement).checked;
            accountApi.hide(h).then(() => {
              if (account.value) account.value = { ...account.value, hidden: h };
            }, fail);
          }}
        />
        <span>
          {t("account.hide")}
          <br />
          <small class="muted">{t("account.hide_help")}</small>
        </span>
      </label>
      <label class="check">
        <input
          type="checkbox"
          name="friends_only"
          checked={friendsOnly}
          onChange={(e) => {
            const only = (e.target as HTMLInputElement).checked;
            accountApi.friendsOnly(only).then(() => {
              if (account.value) account.value = { ...account.value, friends_only: only };
            }, fail);
          }}
        />
        <span>
          {t("account.friends_only")}
          <br />
          <small class="muted">{t("account.friends_only_help")}</small>
        </span>
      </label>
      <ChangePassword />
      <DeleteAccount onDeleted={() => onNotice(t("account.deleted"))} />
    </section>
  );
}

/** The friends list: add by name, remove; each friend's profile one click away. */
export function Friends() {
  const [friends, setFriends] = useState<Friend[] | null>(null);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const load = () =>
    accountApi.friends().then(
      (r) => setFriends(r.friends),
      (e: unknown) => setError(errorText(e)),
    );
  useEffect(() => void load(), []);
  return (
    <fieldset class="friends">
      <legend>{t("friends.title")}</legend>
      {friends === null ? (
        <p>{t("lobby.loading")}</p>
      ) : friends.length === 0 ? (
        <p class="muted">{t("friends.none")}</p>
      ) : (
        <ul class="friend-list">
          {friends.map((f) => (
            <li key={f.name} data-friend={f.name}>
              <a href={href({ page: "player", name: f.name })}>{f.name}</a>
              {f.online && <span class="tag">{t("friends.online")}</span>}
              {f.mutual === false && <small class="muted">{t("friends.not_mutual")}</small>}
              <button
                type="button"
                class="small"
                aria-label={t("friends.remove_label", { name: f.name })}
                onClick={() => accountApi.removeFriend(f.name).then(load, (e: unknown) => setError(errorText(e)))}
              >
                {t("friends.remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          const n = name.trim();
          if (!n) return;
          accountApi.addFriend(n).then(
            () => {
              setName("");
              void load();
            },
            (err: unknown) => setError(errorText(err)),
          );
        }}
      >
        <input
          aria-label={t("friends.name")}
          placeholder={t("friends.name")}
          maxLength={24}
          value={name}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
        <button type="submit">{t("friends.add")}</button>
      </form>
      <FormError message={error} />
    </fieldset>
  );
}

function ChangePassword() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [done, setDone] = useState<string | null>(null);
  return (
    <form
      class="change-password"
      onSubmit={(e) => {
        e.preventDefault();
        setDone(null);
        accountApi.password(current, next).then(
          () => {
            setCurrent("");
            setNext("");
            setDone(t("account.password_changed"));
          },
          (err: unknown) => setDone(errorText(err)),
        );
      }}
    >
      <fieldset>
        <legend>{t("account.change_password")}</legend>
        <PasswordField
          id="password-now"
          label={t("account.current_password")}
          isNew={false}
          value={current}
          onInput={setCurrent}
        />
        <PasswordField
          id="password-new"
          label={t("account.new_password")}
          isNew={true}
          value={next}
          onInput={setNext}
        />
        {done && <p role="status">{done}</p>}
        <div class="actions">
          <button type="submit">{t("account.change_password")}</button>
        </div>
      </fieldset>
    </form>
  );
}

/** Deleting the account: asks for the password under a plain warning. */
function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  if (!open)
    return (
      <div class="actions">
        <button type="button" class="danger" onClick={() => setOpen(true)}>
          {t("account.delete")}
        </button>
      </div>
    );
  return (
    <form
      class="delete-account"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        accountApi.remove(password).then(
          () => {
            account.value = null;
            onDeleted();
          },
          (err: unknown) => setError(errorText(err)),
        );
      }}
    >
      <fieldset>
        <legend>{t("account.delete")}</legend>
        <p class="banner warn" role="alert">
          {t("account.delete_warning")}
        </p>
        <PasswordField
          id="delete-password"
          label={t("account.password")}
          isNew={false}
          value={password}
          onInput={setPassword}
        />
        <FormError message={error} />
        <div class="actions">
          <button type="submit" class="danger">
            {t("account.delete_confirm")}
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            {t("new.cancel")}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

/**
 * A password field. A new password (sign-up, recovery, a change) is at least
 * 8 characters, says so, and is what browsers offer to generate and save.
 */
function PasswordField(p: { id: string; label: string; isNew: boolean; value: string; onInput: (v: string) => void }) {
  return (
    <div class="param">
      <label for={p.id}>{p.label}</label>
      <input
        id={p.id}
        type="password"
        autocomplete={p.isNew ? "new-password" : "current-password"}
        required
        minLength={p.isNew ? 8 : undefined}
        value={p.value}
        onInput={(e) => p.onInput((e.target as HTMLInputElement).value)}
      />
      {p.isNew && <small>{t("account.password_help")}</small>}
    </div>
  );
}
