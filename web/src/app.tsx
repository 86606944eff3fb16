import { useEffect, useState } from "preact/hooks";
import { api } from "./api";
import { account, loadAccount } from "./account";
import { LangSwitch } from "./components/LangSwitch";
import { lang } from "./i18n";
import { Home } from "./pages/Home";
import type { GameInfo } from "./protocol";
import { href, route } from "./router";
import { errorText } from "./refusal";
import { t } from "./strings";
import { lazyPage, lazyQuiet } from "./lazy";
import { loadTablePage } from "./pages/load";

// A table (its connection, waiting room, play, chat) and the new-table form
// are chunks of their own: the first screen is the lobby. main.tsx starts
// loading the table's chunk at once when the address is a table's.
const Table = lazyPage(loadTablePage);
const NewTable = lazyPage(() => import("./pages/NewTable").then((m) => m.NewTable));
// The replay viewer and the rules (with the markdown parser) are chunks of their own.
const Replay = lazyPage(() => import("./pages/Replay").then((m) => m.Replay));
const MyTables = lazyPage(() => import("./pages/MyTables").then((m) => m.MyTables));
const Rules = lazyPage(() => import("./pages/Rules").then((m) => m.Rules));
// Accounts, profiles and play now: chunks of their own too (a guest at a table never loads them).
const AccountPage = lazyPage(() => import("./pages/Account").then((m) => m.AccountPage));
const Profile = lazyPage(() => import("./pages/Profile").then((m) => m.Profile));
const PlayNow = lazyPage(() => import("./pages/PlayNow").then((m) => m.PlayNow));
// "Play on this device" (src/device/): its form and tables, with the engine's worker, a chunk of their
// own reached through My tables' chunk (which lists the device's games): the first screen names one
// chunk for both, its 25 KB budget unchanged.
const Device = lazyPage(() => import("./pages/MyTables").then((m) => m.DevicePage));
const Leaderboard = lazyPage(() => import("./pages/Leaderboard").then((m) => m.Leaderboard));
// Tournaments (docs/protocol.md, "Tournaments"): the list, the form and one tournament.
const Tournaments = lazyPage(() => import("./pages/Tournament").then((m) => m.Tournaments));

// A signed-in person's invitations, on every page (its own chunk, loaded once signed in).
const InvitationToast = lazyQuiet(() => import("./components/InvitationToast").then((m) => m.default));

export function App() {
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.games().then(
      (r) => setGames(r.games),
      (e: unknown) => setError(errorText(e)),
    );
    void loadAccount();
  }, []);
  useEffect(() => {
    document.documentElement.lang = lang.value;
  }, [lang.value]);

  const r = route.value;
  let page;
  // A device's table and form need no server (the engine gives their games).
  if (r.page === "device") page = <Device game={r.game} id={r.id} />;
  else if (error) page = <p class="error">{t("error.generic", { message: error })}</p>;
  else if (r.page === "table") page = <Table key={r.id} id={r.id} games={games} />;
  else if (r.page === "replay") page = <Replay key={r.id} id={r.id} games={games} seat={r.seat} review={r.review} />;
  else if (r.page === "my") page = <MyTables games={games} />;
  else if (r.page === "rules") page = <Rules key={r.game} game={r.game} section={r.section} />;
  else if (r.page === "account") page = <AccountPage />;
  else if (r.page === "player") page = <Profile key={r.name} name={r.name} games={games} />;
  else if (!games) page = <p>{t("lobby.loading")}</p>;
  else if (r.page === "tournament") page = <Tournaments key={r.id ?? ""} id={r.id} games={games} />;
  else if (r.page === "board") page = <Leaderboard key={r.game} game={r.game ?? games[0]?.name ?? ""} games={games} />;
  else if (r.page === "new") {
    const g = games.find((x) => x.name === r.game);
    page = g ? <NewTable key={g.name} game={g} /> : <Home games={games} />;
  } else if (r.page === "playnow") {
    const g = games.find((x) => x.name === r.game);
    page = g ? <PlayNow key={g.name} game={g} /> : <Home games={games} />;
  } else page = <Home games={games} />;

  return (
    <>
      <header class="top">
        <a class="brand" href={href({ page: "home" })}>
          <svg viewBox="0 0 16 16" width="24" height="24" aria-hidden="true">
            <circle cx="8" cy="5" r="3" fill="#e0a030" />
            <path d="M2 15c0-4 3-6 6-6s6 2 6 6z" fill="#e0a030" />
          </svg>
          <span class="brand-name">meeple</span>
        </a>
        <span class="tagline">{t("app.tagline")}</span>
        <nav class="top-nav">
          <a href={href({ page: "my" })} aria-current={r.page === "my" ? "page" : undefined}>
            {t("nav.my")}
          </a>
          <a class="boards-link" href={href({ page: "board" })} aria-current={r.page === "board" ? "page" : undefined}>
            {t("nav.boards")}
          </a>
          <AccountLink current={r.page === "account"} />
        </nav>
        <LangSwitch />
      </header>
      {page}
      {account.value && <InvitationToast />}
    </>
  );
}

/** The header's account link: the signed-in name (to the account page), or "sign in". */
function AccountLink({ current }: { current: boolean }) {
  const a = account.value;
  if (a === undefined) return null;
  return (
    <a
      class="account-link"
      href={href({ page: "account" })}
      aria-current={current ? "page" : undefined}
      aria-label={a ? t("nav.account", { name: a.name }) : undefined}
      data-signed-in={a ? "true" : "false"}
    >
      {a ? a.name : t("nav.sign_in")}
    </a>
  );
}
