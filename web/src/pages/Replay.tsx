// The replay viewer (to be built: step through a finished table's record from any seat).
import { t } from "../strings";

export function Replay({ id }: { id: string }) {
  return (
    <main class="replay">
      <h1>{t("replay.title")}</h1>
      <p class="muted">{id}</p>
    </main>
  );
}
