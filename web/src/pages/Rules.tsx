// The rules page (to be built: docs/rules/<game>.<lang>.md rendered).
import { t } from "../strings";

export function Rules({ game }: { game: string }) {
  return (
    <main class="rules">
      <h1>
        {t("nav.rules")}: {game}
      </h1>
    </main>
  );
}
