// The First Giants board: what the players share, the dig sites and the
// face-up deck, the News and set tokens. Every dig site's legal take is on
// its card.
import { seatName } from "../../components/SeatList";
import type { TableState } from "../../connection";
import { SeatMark } from "../../seats";
import { Card } from "./Card";
import { FAMILY_COLOURS, familyName, gameText } from "./data";
import { FamilyIcon, PawnIcon, SetTokenIcon } from "./icons";
import type { Act, NewsView, ScreenModel } from "./model";
import { t } from "./strings";

export type OnAct = (a: Act) => void;

export function Board({
  m,
  state,
  onAct,
  pending,
}: {
  m: ScreenModel;
  state: TableState;
  onAct: OnAct;
  pending: boolean;
}) {
  return (
    <div class="fg-table">
      <Sites m={m} state={state} onAct={onAct} pending={pending} />
      <Tokens m={m} state={state} />
    </div>
  );
}

function Sites({ m, state, onAct, pending }: { m: ScreenModel; state: TableState; onAct: OnAct; pending: boolean }) {
  return (
    <section class="fg-sites" aria-label={t("fg.sites")}>
      {m.sites.map((s) => (
        <div class={`fg-site ${s.slots.some((x) => x.act) ? "open" : ""}`} key={s.site} data-site={s.site}>
          <div class="fg-site-head">
            <span>{t("fg.site", { n: s.site + 1 })}</span>
            <span
              class="fg-site-pawns"
              title={
                s.pawns.length
                  ? t("fg.site_pawns", { names: s.pawns.map((p) => seatName(state, p)).join(", ") })
                  : undefined
              }
            >
              {s.pawns.map((p) => (
                <PawnIcon key={p} seat={p} size={20} />
              ))}
            </span>
          </div>
          <div class="fg-site-cards">
            {s.slots.map((x) =>
              x.card ? (
                <Card key={x.side} card={x.card} act={x.act} onAct={onAct} disabled={pending} />
              ) : (
                <div key={x.side} class="fg-card empty">
                  {t("fg.site_empty")}
                </div>
              ),
            )}
          </div>
        </div>
      ))}
      <div class="fg-deck" aria-label={t("fg.deck")}>
        <div class="fg-site-head">
          <span>{t("fg.deck")}</span>
          <span class="fg-count">{t("fg.deck_left", { n: m.deck.count })}</span>
        </div>
        {m.deck.top ? (
          <div class="fg-deck-stack" title={t("fg.deck_top")}>
            <Card card={m.deck.top} extraClass="top" tag={t("fg.deck_next")} />
          </div>
        ) : m.deck.count > 0 ? (
          // Before the first deal (a replay's step 0) the cards are there but none is face up yet.
          <div class="fg-card empty face-down">{t("fg.deck_face_down")}</div>
        ) : (
          <div class="fg-card empty">{t("fg.deck_empty")}</div>
        )}
      </div>
    </section>
  );
}

function newsLabel(n: NewsView): string {
  return n.kind === "family" && n.family
    ? gameText("news.family", { family: familyName(n.family) })
    : gameText("news.size", { size: n.size ?? "" });
}

export function NewsToken({ n, state, small }: { n: NewsView; state: TableState; small?: boolean }) {
  const holder =
    n.holder === null
      ? t("fg.news_free")
      : n.kept_for_good
        ? `${seatName(state, n.holder)}, ${t("fg.news_kept")}`
        : seatName(state, n.holder);
  const colour = n.kind === "family" && n.family ? FAMILY_COLOURS[n.family] : "#37474f";
  return (
    <div
      class={`fg-news ${n.holder !== null ? "held" : ""} ${n.kept_for_good ? "kept" : ""} ${small ? "small" : ""}`}
      title={`${newsLabel(n)}: ${holder}`}
      role="img"
      aria-label={`${newsLabel(n)}: ${holder}`}
    >
      <span class="fg-news-face" style={{ background: colour }}>
        {n.kind === "family" && n.family ? (
          <FamilyIcon family={n.family} size={small ? 14 : 18} colour="#fff" />
        ) : (
          // The small token (a player's, the end screen's) has room for the size's figure only;
          // its words are the token's name.
          <span class="fg-news-size">{small ? (n.size ?? "") : t("fg.news_size", { n: n.size ?? "" })}</span>
        )}
      </span>
      {!small && n.kind === "family" && n.family && <span class="fg-news-name">{familyName(n.family)}</span>}
      <span class="fg-news-pts">{t("fg.pts", { n: n.points })}</span>
      {!small && (
        <span class="fg-news-holder">
          {n.holder !== null ? <SeatMark seat={n.holder} size={12} /> : "—"}
          {n.kept_for_good && <span aria-hidden="true">🔒</span>}
        </span>
      )}
    </div>
  );
}

function Tokens({ m, state }: { m: ScreenModel; state: TableState }) {
  return (
    <section class="fg-tokens">
      <div class="fg-token-pile" title={gameText("view.tokens", { reserve: m.tokens.reserve, box: m.tokens.box })}>
        <h3>{t("fg.tokens")}</h3>
        <span>
          <SetTokenIcon /> {t("fg.reserve", { n: m.tokens.reserve })}
        </span>
        <span class="muted">{t("fg.box", { n: m.tokens.box })}</span>
      </div>
      <div class="fg-news-row">
        <h3>{t("fg.news")}</h3>
        <div class="fg-news-list">
          {m.news.map((n, i) => (
            <NewsToken key={i} n={n} state={state} />
          ))}
        </div>
      </div>
    </section>
  );
}
