// Soft hyphens in long Latin-script words (First Giants' genus names, First
// Contact's item names), so that a name too wide for its card or square
// breaks between syllables with a hyphen on every browser: `hyphens: auto` needs the browser's dictionary for the page's
// language, which some lack (Chromium on Linux has none), and genus names are
// in no language's dictionary anyway. The browser breaks at a soft hyphen
// only where the line is full.

export const SHY = "\u00ad";

const VOWELS = "aeiouyàèéìòù";
/** Consonant pairs that begin a syllable together (Greek and Latin names): the break goes before them. */
const ONSETS = new Set([
  "ch",
  "ph",
  "th",
  "rh",
  "sh",
  "qu",
  "bl",
  "br",
  "cl",
  "cr",
  "dr",
  "fl",
  "fr",
  "gl",
  "gr",
  "pl",
  "pr",
  "tr",
]);
/** Words shorter than this are never broken. */
const MIN_WORD = 9;

/**
 * The word with soft hyphens between its syllables: before a lone consonant
 * between vowels (Gi-ga-no), between two consonants unless they begin a
 * syllable together (Hyp-si, Pa-chy), never inside a run of vowels (sau-rus),
 * never leaving fewer than two letters at the start or three at the end.
 */
function hyphenateWord(word: string): string {
  if (word.length < MIN_WORD || !/^[A-Za-zÀ-ÿ]+$/.test(word)) return word;
  const lower = word.toLowerCase();
  const isVowel = (i: number) => VOWELS.includes(lower[i]);
  const breaks: number[] = [];
  let i = 0;
  while (i < lower.length && !isVowel(i)) i++;
  while (i < lower.length) {
    while (i < lower.length && isVowel(i)) i++;
    const start = i;
    while (i < lower.length && !isVowel(i)) i++;
    if (i >= lower.length) break; // final consonants stay with the last syllable
    const cluster = lower.slice(start, i);
    const onset = cluster.length >= 2 && ONSETS.has(cluster.slice(-2)) ? 2 : 1;
    breaks.push(i - Math.min(onset, cluster.length));
  }
  let out = "";
  let last = 0;
  for (const b of breaks)
    if (b >= 2 && word.length - b >= 3 && b > last) {
      out += word.slice(last, b) + SHY;
      last = b;
    }
  return out + word.slice(last);
}

/** The text with soft hyphens in its long Latin words; other words (and Korean) as they are. */
export function softHyphens(text: string): string {
  return text.split(" ").map(hyphenateWord).join(" ");
}
