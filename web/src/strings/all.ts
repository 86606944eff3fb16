// Every language's catalog at once, for the tests (which switch lang.value
// freely and compare languages): importing this makes t() speak all three
// without waiting. The app itself loads one catalog at a time (../strings.ts).
import type { Catalog } from "../i18n";
import { provideUi } from "../strings";
import type { UiKey } from "../strings";
import en from "./en";
import enPages from "./en.pages";
import enRefusals from "./en.refusals";
import it from "./it";
import itPages from "./it.pages";
import itRefusals from "./it.refusals";
import ko from "./ko";
import koPages from "./ko.pages";
import koRefusals from "./ko.refusals";

export const ui: Catalog<UiKey> = {
  en: { ...en, ...enPages, ...enRefusals },
  it: { ...it, ...itPages, ...itRefusals },
  ko: { ...ko, ...koPages, ...koRefusals },
};

for (const l of ["en", "it", "ko"] as const) provideUi(l, ui[l]);
