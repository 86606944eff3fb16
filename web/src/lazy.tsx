// A page loaded on demand (its own chunk), so the first screen stays small.
import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { t } from "./strings";

export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  return function LazyPage(props: P) {
    const [Page, setPage] = useState<ComponentType<P> | null>(() => loaded);
    const [failed, setFailed] = useState<string | null>(null);
    useEffect(() => {
      if (loaded) return;
      load().then(
        (c) => {
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
