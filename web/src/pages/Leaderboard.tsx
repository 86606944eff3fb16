// A game's leaderboard (docs/ratings.md, "Leaderboards"): the top in pages,
// the signed-in person's neighbourhood, and them with their friends. Each
// row links to the player's profile; a provisional rating is marked.
import { useEffect, useState } from "preact/hooks";
import { account } from "../account";
import { api } from "../api";
import { GAME_INFO } from "../games/info";
import type { BoardView, GameInfo, Leaderboard as Board } from "../protocol";
import { errorText } from "../refusal";
import { go, href } from "../router";
import { t } from "../strings";
import { tb } from "./Leaderboard.strings";
import { ratingText } from "./Profile";

const PAGE_ROWS = 50; // the server's page (Accounts::kBoardPage)

export function Leaderboard({ game, games }: { game: string; games: GameInfo[] }) {
  const [view, setView] = useState<BoardView>("top");
  const [page, setPage] = useState(1);
  const [board, setBoard] = useState<Board | null>(null);
  const [error, setError] = useState<string | null>(null);
  const signedIn = !!account.value;
  useEffect(() => {
    setBoard(null);
    setError(null);
    api.leaderboard(game, view, page).then(setBoard, (e: unknown) => setError(errorText(e)));
  }, [game, view, page]);
  const title = GAME_INFO[game]?.title ?? game;
  const tab = (v: BoardView, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={view === v}
      class={view === v ? "primary" : ""}
      onClick={() => {
        setView(v);
        setPage(1);
      }}
    >
      {label}
    </button>
  );
  return (
    <main class="profile leaderboard">
      <h1>{tb("title", { game: title })}</h1>
      <div class="param">
        <label for="board-game">{t("profile.games")}</label>
        <select id="board-game" value={game} onChange={(e) => go({ page: "board", game: e.currentTarget.value })}>
          {games.map((g) => (
            <option key={g.name} value={g.name}>
              {GAME_INFO[g.name]?.title ?? g.name}
            </option>
          ))}
        </select>
      </div>
      <div class="tabs" role="tablist">
        {tab("top", tb("top"))}
        {signedIn && tab("around", tb("around"))}
        {signedIn && tab("friends", tb("friends"))}
      </div>
      {!signedIn && <p class="muted">{tb("sign_in")}</p>}
      <p class="muted">{tb("rules")}</p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!board && !error && <p>{t("lobby.loading")}</p>}
      {board && <BoardTable board={board} />}
      {board && view === "top" && (
        <div class="tabs">
          {page > 1 && (
            <button type="button" onClick={() => setPage(page - 1)}>
              {tb("prev")}
            </button>
          )}
          {board.rows.length === PAGE_ROWS && (
            <button type="button" onClick={() => setPage(page + 1)}>
              {tb("next")}
            </button>
          )}
        </div>
      )}
    </main>
  );
}

function BoardTable({ board }: { board: Board }) {
  const me = account.value?.name;
  if (board.rows.length === 0)
    return (
      <p class="muted" role="status">
        {board.view === "top" ? tb("empty") : tb("not_on")}
      </p>
    );
  return (
    <>
      <table class="profile-games board-rows">
        <thead>
          <tr>
            <th scope="col">{tb("place")}</th>
            <th scope="col">{tb("player")}</th>
            <th scope="col">{tb("rating")}</th>
            <th scope="col">{tb("games")}</th>
          </tr>
        </thead>
        <tbody>
          {board.rows.map((r) => (
            <tr key={r.name} data-name={r.name} aria-current={r.name === me ? "true" : undefined}>
              <td>{r.place}</td>
              <th scope="row">
                <a href={href({ page: "player", name: r.name })}>{r.name}</a>
              </th>
              <td class="rating">
                {ratingText(r)}
                {r.provisional && (
                  <span class="muted" title={tb("provisional_help")}>
                    {" "}
                    ({tb("provisional")})
                  </span>
                )}
              </td>
              <td>{r.games}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {board.rows.some((r) => r.provisional) && <p class="muted">{tb("provisional_help")}</p>}
    </>
  );
}
