// What the home page says about each game, without loading its code: a
// picture and two lines in each language.
import type { Lang } from "../protocol";

export interface GameBlurb {
  title: string;
  lines: Record<Lang, string>;
  picture: () => preact.JSX.Element;
}

export const GAME_INFO: Record<string, GameBlurb> = {
  "first-contact": {
    title: "First Contact",
    lines: {
      en: "Aliens speak only in glyphs; earthlings must learn their language to hand over the items the aliens want. Two teams, each with its own winner; 2 to 7 players.",
      it: "Gli alieni parlano solo a glifi; i terrestri devono impararne la lingua per consegnare gli oggetti che gli alieni vogliono. Due squadre, ognuna con il suo vincitore; da 2 a 7 giocatori.",
      ko: "외계인은 기호로만 말하고, 지구인은 그 언어를 배워 외계인이 원하는 물건을 건네야 합니다. 두 팀으로 나뉘며 팀마다 승자가 따로 있습니다. 2~7명.",
    },
    picture: () => (
      <svg viewBox="0 0 64 64" aria-hidden="true">
        <circle cx="32" cy="32" r="30" fill="#1d2b3a" />
        <path
          d="M18 24c6-10 22-10 28 0M22 40h20M32 18v28"
          fill="none"
          stroke="#7fe0c0"
          stroke-width="4"
          stroke-linecap="round"
        />
        <circle cx="24" cy="30" r="2.5" fill="#7fe0c0" />
        <circle cx="40" cy="30" r="2.5" fill="#7fe0c0" />
      </svg>
    ),
  },
  "first-giants": {
    title: "First Giants",
    lines: {
      en: "Dig up fossils, trade amber, and exhibit the finest families and sizes in your studio. 2 to 5 palaeontologists.",
      it: "Scava fossili, spendi ambra ed esponi nel tuo studio le famiglie e le taglie migliori. Da 2 a 5 paleontologi.",
      ko: "화석을 발굴하고 호박을 써서 가장 멋진 과와 크기의 화석을 연구실에 전시하세요. 2~5명의 고생물학자.",
    },
    picture: () => (
      <svg viewBox="0 0 64 64" aria-hidden="true">
        <circle cx="32" cy="32" r="30" fill="#f2e6cf" />
        <path
          d="M14 44c4-14 14-22 26-22 6 0 10 3 12 7l-6 2c-2-2-4-3-7-3l4 14h-6l-3-11-6 1 1 12h-6l-1-11"
          fill="#8a5a2b"
        />
        <circle cx="46" cy="27" r="1.8" fill="#f2e6cf" />
      </svg>
    ),
  },
  ufo: {
    title: "Ufo! fritti dallo spazio!",
    lines: {
      en: "Fly your UFOs across the world, bump your rivals and open fast-food restaurants to control the cities. 2 to 5 invaders.",
      it: "Fai volare i tuoi UFO per il mondo, urta i rivali e apri fast food per controllare le città. Da 2 a 5 invasori.",
      ko: "UFO를 몰고 세계를 누비며 경쟁자를 밀쳐내고 패스트푸드점을 열어 도시를 차지하세요. 2~5명의 침략자.",
    },
    picture: () => (
      <svg viewBox="0 0 64 64" aria-hidden="true">
        <circle cx="32" cy="32" r="30" fill="#23204a" />
        <ellipse cx="32" cy="34" rx="22" ry="7" fill="#b8c4d6" />
        <path d="M20 31c0-8 6-13 12-13s12 5 12 13z" fill="#7fd0ff" />
        <circle cx="20" cy="36" r="2" fill="#ffd23f" />
        <circle cx="32" cy="38" r="2" fill="#ffd23f" />
        <circle cx="44" cy="36" r="2" fill="#ffd23f" />
      </svg>
    ),
  },
};
