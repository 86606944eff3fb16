// A page loaded on demand (its own chunk), so the first screen stays small;
// it is drawn once its chunk and the refusals' words (strings.ts) are there.
import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { lang } from "./i18n";
import { loadRefusals, t } from "./strings";

export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  return function LazyPage(props: P) {
    const [Page, setPage] = useState<ComponentType<P> | null>(() => loaded);
    const [failed, setFailed] = useState<string | null>(null);
    useEffect(() => {
      if (loaded) return;
      // With the refusals' words of the language in use (strings.ts).
      Promise.all([load(), loadRefusals(lang.peek())]).then(
        ([c]) => {
          loaded = c;
          setPage(() => c);
        },
        (e: Error) => setFailed(e.message),
      );
    }, []);
    if (failed) return <p class="error">{t("error.generic", { message: failed })}</p>;
    if (!Page) return <p>{t("lobby.loading")}</p>;
    return <Page {...props} />;
  };
}

/** A part of a page loaded on demand that shows nothing until it is there (nor if it never comes). */
export function lazyQuiet<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  return function LazyPart(props: P) {
    const [Part, setPart] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (loaded) return;
      Promise.all([load(), loadRefusals(lang.peek())]).then(
        ([c]) => {
          loaded = c;
          setPart(() => c);
        },
        () => {},
      );
    }, []);
    return Part ? <Part {...props} /> : null;
  };
}
