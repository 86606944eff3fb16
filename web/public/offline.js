/* global document, fetch, localStorage, location, navigator, window */
// The offline page's words in the person's language (the one they chose in
// the app, kept under "meeple.lang", else the browser's) and its "Try
// again": when the server answers /healthz, back to the app at the place
// the person was (offline.html#/t/abc goes back to ./#/t/abc). It also
// tries by itself when the device says it is online again.
const WORDS = {
  en: {
    title: "Can't reach meeple",
    why: "Your device may be offline, or meeple's server may be down.",
    back: "When the connection is back, you'll return to where you were.",
    retry: "Try again",
    trying: "Trying…",
    still: "Still no answer. Check your connection and try again.",
  },
  it: {
    title: "Impossibile raggiungere meeple",
    why: "Il dispositivo potrebbe essere offline, oppure il server di meeple potrebbe essere spento.",
    back: "Quando la connessione torna, riprendi da dove eri rimasto.",
    retry: "Riprova",
    trying: "Nuovo tentativo…",
    still: "Ancora nessuna risposta. Controlla la connessione e riprova.",
  },
  ko: {
    title: "meeple에 연결할 수 없어요",
    why: "기기가 오프라인이거나 meeple 서버가 꺼져 있을 수 있어요.",
    back: "연결이 돌아오면 하던 곳으로 돌아가요.",
    retry: "다시 시도",
    trying: "연결하는 중…",
    still: "아직 응답이 없어요. 연결을 확인하고 다시 시도해 주세요.",
  },
};

function language() {
  try {
    const saved = localStorage.getItem("meeple.lang");
    if (saved in WORDS) return saved;
  } catch {
    // Storage unavailable: the browser's language.
  }
  const nav = (navigator.language || "en").slice(0, 2);
  return nav in WORDS ? nav : "en";
}

const lang = language();
const say = WORDS[lang];
document.documentElement.lang = lang;
document.title = `meeple: ${say.title}`;
for (const el of document.querySelectorAll("[data-say]")) el.textContent = say[el.dataset.say];

const button = document.getElementById("retry");
const status = document.getElementById("status");

async function retry() {
  button.disabled = true;
  status.textContent = say.trying;
  try {
    const res = await fetch("healthz", { cache: "no-store" });
    if (res.ok) {
      location.replace("./" + location.hash);
      return;
    }
  } catch {
    // Still unreachable.
  }
  button.disabled = false;
  status.textContent = say.still;
}

button.addEventListener("click", retry);
window.addEventListener("online", retry);
