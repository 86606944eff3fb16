import { lang, setLang } from "../i18n";
import { LANGS } from "../protocol";
import { t } from "../strings";

const NAMES = { en: "English", it: "Italiano", ko: "한국어" } as const;

/** en / it / ko: switches every string of the interface and of the game. */
export function LangSwitch() {
  return (
    <div class="lang-switch" role="group" aria-label={t("lang.label")}>
      {LANGS.map((l) => (
        <button
          key={l}
          type="button"
          class={l === lang.value ? "active" : ""}
          aria-pressed={l === lang.value}
          title={NAMES[l]}
          onClick={() => void setLang(l)}
        >
          {l.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
