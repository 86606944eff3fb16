// The signed-in account of this browser, known to every page:
// the header shows its name, the new-table form offers rated tables. The
// session itself is an HttpOnly cookie the page never reads; the server
// answers GET /api/account with the name while it is valid.
import { signal } from "@preact/signals";
import { accountApi, allTokens, api, forgetToken, holdsToken, remember, rememberSeat } from "./api";
import type { Account } from "./protocol";

/** undefined: not asked yet; null: a guest (no session, a stale one, or a server without accounts). */
export const account = signal<Account | null | undefined>(undefined);

/** Asks the server who this browser is signed in as; a signed-in browser then syncs its seats. */
export async function loadAccount(): Promise<void> {
  try {
    account.value = await accountApi.me();
  } catch {
    // auth/signed_out, or anything else (an older server, no network): a guest.
    account.value = null;
    return;
  }
  await syncSeats().catch(() => {
    // Not synced now: the next page load tries again; play goes on.
  });
}

/** After sign-up, sign-in or recovery: the account is this one, and this browser's seats become its own. */
export async function signedIn(a: { name: string }): Promise<number> {
  account.value = { name: a.name, hidden: false, created: Date.now() };
  accountApi.me().then(
    (me) => (account.value = me),
    () => {},
  );
  return syncSeats();
}

/**
 * Signs out, and this browser forgets the account's seats (its keyring, as
 * the server lists it), so the next person at a shared device cannot play
 * them; signing in again brings them back. Seats the account never claimed
 * stay, as a guest's always did.
 */
export async function signOut(): Promise<void> {
  const { seats } = await accountApi.seats().catch(() => ({ seats: [] as { table: string; token: string }[] }));
  await accountApi.signOut();
  for (const s of seats) forgetToken(s.table, s.token);
  account.value = null;
}

/**
 * Claims every token this browser holds for the account (POST
 * /api/account/claim), then keeps here every token of the account's
 * keyring this browser lacks (GET /api/account/seats), so "My tables" is
 * the same on every device and those seats are playable here. The keyring
 * names tokens only: POST /api/my-tables tells which seat each one is
 * (answers come in the order asked). Returns how many tokens were added.
 */
export function syncSeats(): Promise<number> {
  // One sync at a time: a page asking while one is under way (My tables
  // opened just after signing in) waits for it and learns what it added,
  // rather than finding nothing new once that one has stored it.
  if (!syncing) syncing = sync().finally(() => (syncing = null));
  return syncing;
}

let syncing: Promise<number> | null = null;

async function sync(): Promise<number> {
  const mine = allTokens();
  if (mine.length) await accountApi.claim(mine);
  const { seats } = await accountApi.seats();
  const fresh = seats.filter((s) => !holdsToken(s.table, s.token)).slice(0, 200);
  if (!fresh.length) return 0;
  const { tables } = await api.myTables(fresh);
  let added = 0;
  tables.forEach((a, i) => {
    const asked = fresh[i];
    if (a.error || !asked || asked.table !== a.table) return;
    if (a.seat !== undefined && a.seat >= 0) {
      rememberSeat(a.table, { seat: a.seat, token: asked.token, name: a.seats?.[a.seat] });
      added++;
    } else if (a.host) {
      remember(a.table, { host_token: asked.token });
      added++;
    }
  });
  return added;
}
