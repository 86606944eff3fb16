// The leaderboard page's own words (its chunk's, not the first screen's
// catalogs in ../strings/: the first screen's 25 KB budget has no room for
// them), in the three languages, with every English key.
import type { Catalog } from "../i18n";
import { translator } from "../i18n";

const en = {
  title: "Leaderboard: {game}",
  top: "Top",
  around: "Around me",
  friends: "Me and my friends",
  place: "Place",
  player: "Player",
  rating: "Rating",
  games: "Rated games",
  provisional: "provisional",
  provisional_help:
    "A provisional rating is still uncertain (fewer games): it settles as the player plays rated games.",
  rules:
    "Only rated games count, and never between accounts that played from one address or one browser lately. Hidden profiles are not listed.",
  empty: "Nobody is rated in this game yet.",
  not_on: "You are not on this board yet: play a rated game of it (with your profile shown) to appear.",
  prev: "Previous page",
  next: "Next page",
  sign_in: "Sign in to see your place and your friends'.",
};
type Key = keyof typeof en;

const it: Record<Key, string> = {
  title: "Classifica: {game}",
  top: "I migliori",
  around: "Intorno a me",
  friends: "Io e i miei amici",
  place: "Posizione",
  player: "Giocatore",
  rating: "Punteggio",
  games: "Partite valutate",
  provisional: "provvisorio",
  provisional_help:
    "Un punteggio provvisorio è ancora incerto (poche partite): si assesta man mano che si giocano partite valutate.",
  rules:
    "Contano solo le partite valutate, e mai tra account che hanno giocato di recente dallo stesso indirizzo o dallo stesso browser. I profili nascosti non compaiono.",
  empty: "Ancora nessuno ha un punteggio in questo gioco.",
  not_on:
    "Non sei ancora in questa classifica: gioca una partita valutata di questo gioco (con il profilo visibile) per comparire.",
  prev: "Pagina precedente",
  next: "Pagina successiva",
  sign_in: "Accedi per vedere la tua posizione e quella dei tuoi amici.",
};

const ko: Record<Key, string> = {
  title: "순위표: {game}",
  top: "상위",
  around: "내 주변",
  friends: "나와 친구들",
  place: "순위",
  player: "플레이어",
  rating: "레이팅",
  games: "레이팅 게임 수",
  provisional: "잠정",
  provisional_help: "잠정 레이팅은 아직 불확실합니다(게임 수가 적음). 레이팅 게임을 할수록 안정됩니다.",
  rules:
    "레이팅 게임만 반영되며, 최근 같은 주소나 같은 브라우저에서 플레이한 계정끼리의 게임은 반영되지 않습니다. 숨긴 프로필은 표시되지 않습니다.",
  empty: "이 게임에는 아직 레이팅이 있는 사람이 없습니다.",
  not_on: "아직 이 순위표에 없습니다. 이 게임의 레이팅 게임을 하면(프로필 공개 상태로) 표시됩니다.",
  prev: "이전 페이지",
  next: "다음 페이지",
  sign_in: "로그인하면 내 순위와 친구들의 순위를 볼 수 있습니다.",
};

export const catalog: Catalog<Key> = { en, it, ko };
export const tb = translator(catalog);
