// The rules page: docs/rules/<game>.<lang>.md rendered, in the interface's
// language, with a table of contents and an anchor per section
// (#/rules/<game>/<section>). This module and each rules text are lazy chunks.
import { useEffect, useState } from "preact/hooks";
import { GAME_INFO } from "../games/info";
import { lang } from "../i18n";
import type { Lang } from "../protocol";
import { LearnButton } from "../learn";
import { href } from "../router";
import { type RenderedRules, renderRules } from "../rules";
import { t } from "../strings";

const docs = import.meta.glob<string>("../../../docs/rules/*.*.md", { query: "?raw", import: "default" });

function loader(game: string, l: Lang): (() => Promise<string>) | undefined {
  return docs[`../../../docs/rules/${game}.${l}.md`];
}

export function Rules({ game, section }: { game: string; section?: string }) {
  const l = lang.value;
  const [rules, setRules] = useState<RenderedRules | null | "missing">(null);
  useEffect(() => {
    let live = true;
    const own = loader(game, l) ?? loader(game, "en");
    const en = loader(game, "en");
    if (!own || !en) {
      setRules("missing");
      return;
    }
    Promise.all([own(), en()]).then(([text, english]) => live && setRules(renderRules(text, english)));
    return () => {
      live = false;
    };
  }, [game, l]);
  useEffect(() => {
    if (rules && rules !== "missing" && section)
      document.getElementById(`rules-${section}`)?.scrollIntoView({ block: "start" });
  }, [rules, section]);

  if (rules === "missing")
    return (
      <main class="rules">
        <p class="error">{t("rules.missing")}</p>
      </main>
    );
  if (!rules)
    return (
      <main class="rules">
        <p>{t("lobby.loading")}</p>
      </main>
    );
  return (
    <main class="rules" data-game={game}>
      <p class="crumbs">
        <a href={href({ page: "home" })}>{t("nav.home")}</a> › {t("nav.rules")}
      </p>
      <h1>{rules.title || GAME_INFO[game]?.title || game}</h1>
      <nav class="toc" aria-label={t("rules.contents")}>
        <ol>
          {rules.sections.map((s) => (
            <li key={s.id}>
              <a href={href({ page: "rules", game, section: s.id })} class={s.id === section ? "current" : ""}>
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <article class="rules-text" dangerouslySetInnerHTML={{ __html: rules.html }} />
      <p class="actions">
        <LearnButton game={game} />
        <a class="button primary" href={href({ page: "new", game })}>
          {t("lobby.new_table")}
        </a>
        <a class="button play-now" href={href({ page: "playnow", game })}>
          {t("playnow.button")}
        </a>
      </p>
    </main>
  );
}
