// The words of the device's pages ("Play on this device": the new game's
// form, the table's own actions, My tables' mark), in the three languages:
// this chunk's, not the first screen's catalogs (its 25 KB budget).
import type { Catalog } from "../i18n";
import { translator } from "../i18n";

const en = {
  title: "Play on this device: {game}",
  choose: "Play on this device",
  intro:
    "The game runs in this browser, bots included: no server is needed, and it goes on with the network off. It is kept on this device; find it again in My tables.",
  unavailable:
    "Playing on this device is not available here: this build of meeple has no engine in WebAssembly (it was built without Emscripten).",
  loading: "Starting the engine…",
  failed: "The engine could not start: {message}",
  start: "Start the game",
  you: "You",
  here: "Person at this device",
  missing: "This game is not kept on this device (it was played in another browser, or its data was cleared).",
  download: "Download the record",
  new_game: "Another game on this device",
  stuck: "The engine could not go on: {message}",
  mark: "on this device",
  forget: "Delete from this device",
};
type Key = keyof typeof en;

const it: Record<Key, string> = {
  title: "Gioca su questo dispositivo: {game}",
  choose: "Gioca su questo dispositivo",
  intro:
    "La partita si svolge in questo browser, bot compresi: non serve un server e continua anche senza rete. Resta salvata su questo dispositivo; la ritrovi in I miei tavoli.",
  unavailable:
    "Qui non si può giocare su questo dispositivo: questa versione di meeple non ha il motore in WebAssembly (è stata compilata senza Emscripten).",
  loading: "Avvio del motore…",
  failed: "Il motore non si è avviato: {message}",
  start: "Inizia la partita",
  you: "Tu",
  here: "Persona a questo dispositivo",
  missing:
    "Questa partita non è salvata su questo dispositivo (è stata giocata in un altro browser, oppure i suoi dati sono stati cancellati).",
  download: "Scarica la registrazione",
  new_game: "Un'altra partita su questo dispositivo",
  stuck: "Il motore non è riuscito a continuare: {message}",
  mark: "su questo dispositivo",
  forget: "Elimina da questo dispositivo",
};

const ko: Record<Key, string> = {
  title: "이 기기에서 플레이: {game}",
  choose: "이 기기에서 플레이",
  intro:
    "게임이 봇까지 모두 이 브라우저 안에서 실행됩니다. 서버가 필요 없고 네트워크가 끊겨도 계속됩니다. 게임은 이 기기에 저장되며 내 테이블에서 다시 찾을 수 있습니다.",
  unavailable:
    "여기서는 이 기기에서 플레이할 수 없습니다. 이 meeple 빌드에는 WebAssembly 엔진이 없습니다(Emscripten 없이 빌드됨).",
  loading: "엔진을 시작하는 중…",
  failed: "엔진을 시작하지 못했습니다: {message}",
  start: "게임 시작",
  you: "나",
  here: "이 기기를 쓰는 사람",
  missing: "이 게임은 이 기기에 저장되어 있지 않습니다(다른 브라우저에서 플레이했거나 데이터가 삭제됨).",
  download: "기록 내려받기",
  new_game: "이 기기에서 한 판 더",
  stuck: "엔진이 계속하지 못했습니다: {message}",
  mark: "이 기기에서",
  forget: "이 기기에서 삭제",
};

export const catalog: Catalog<Key> = { en, it, ko };
export const td = translator(catalog);
