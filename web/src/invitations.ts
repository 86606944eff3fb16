// Invitations to tables (an account invites another by name, server/ invite
// routes): joined in one step, from the toast on any page
// (components/InvitationToast.tsx) or from My tables. Join takes the table's
// first free person's seat under the account's name, keeps its token, drops
// the invitation and opens the table, where the person is seated.
import { accountApi, api, credentials, heldSeats, rememberSeat } from "./api";
import { account } from "./account";
import type { Invitation } from "./protocol";
import { go } from "./router";

/** The tournament an invitation is to ("tournament:" and its id), or null for a table's. */
export function invitedTournament(inv: Invitation): string | null {
  return inv.table.startsWith("tournament:") ? inv.table.slice("tournament:".length) : null;
}

/**
 * Takes a seat at the invitation's table and opens it; a table already held here just opens.
 * An invitation to a tournament joins it and opens its page (the server drops the invitation).
 */
export async function joinInvitation(inv: Invitation): Promise<void> {
  const tournament = invitedTournament(inv);
  if (tournament) {
    await api.joinTournament(tournament);
    go({ page: "tournament", id: tournament });
    return;
  }
  if (heldSeats(credentials(inv.table)).length === 0) {
    const who = account.value?.name ?? "";
    const j = await api.join(inv.table, who);
    rememberSeat(inv.table, { token: j.token, seat: j.seat, name: j.name ?? who });
  }
  // Joined: the invitation is spent (a failure here leaves it listed, nothing worse).
  await accountApi.dismiss(inv.table).catch(() => undefined);
  go({ page: "table", id: inv.table });
}
