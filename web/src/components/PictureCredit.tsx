// The credit the pictures' licence asks for (CC-BY 4.0: name the authors and
// the licence, link to it), one small line under a game's table that shows
// Twemoji's pictures. README.md says the same.
import { translator } from "../i18n";

const t = translator({
  en: {
    pictures: "Pictures: {twemoji} by Twitter, Inc. and other contributors, {licence}; the rest drawn for meeple.",
  },
  it: { pictures: "Immagini: {twemoji} di Twitter, Inc. e altri autori, {licence}; le altre disegnate per meeple." },
  ko: { pictures: "그림: {twemoji} (Twitter, Inc. 및 기여자, {licence}), 나머지는 meeple용으로 그림." },
});

export const TWEMOJI_URL = "https://github.com/jdecked/twemoji";
export const LICENCE_URL = "https://creativecommons.org/licenses/by/4.0/";

export function PictureCredit() {
  // The sentence is split around its two links, so that each language orders them as it needs.
  const parts = t("pictures", { twemoji: "\u0000twemoji\u0000", licence: "\u0000licence\u0000" }).split("\u0000");
  return (
    <p class="picture-credit">
      {parts.map((p) =>
        p === "twemoji" ? (
          <a key={p} href={TWEMOJI_URL} rel="noopener noreferrer" target="_blank">
            Twemoji
          </a>
        ) : p === "licence" ? (
          <a key={p} href={LICENCE_URL} rel="noopener noreferrer" target="_blank">
            CC-BY 4.0
          </a>
        ) : (
          p
        ),
      )}
    </p>
  );
}
