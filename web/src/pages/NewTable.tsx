import { useState } from "preact/hooks";
import { ApiError, api, playerName, remember, rememberName } from "../api";
import { GAME_INFO } from "../games/info";
import { lang, pick } from "../i18n";
import type { GameInfo, Json, ParamSchema, SeatSpec } from "../protocol";
import { go, href } from "../router";
import { SeatMark } from "../seats";
import { t } from "../strings";

export type Strength = "easy" | "medium" | "hard";
type SeatChoice = { kind: "person" } | { kind: "bot"; strength: Strength };

/** The server's bot spec for a strength: ismcts carries strengths; games without it get their default bot. */
export function botSpec(game: GameInfo, s: SeatChoice): SeatSpec {
  if (s.kind === "person") return s;
  return { kind: "bot", bot: game.bots.includes("ismcts") ? `ismcts:${s.strength}` : game.default_bot };
}

/** One rule option: its translated label, an input for its type, and its one-line help. */
export function ParamField({
  p,
  value,
  set,
  disabled,
}: {
  p: ParamSchema;
  value: Json;
  set: (v: Json) => void;
  disabled?: boolean;
}) {
  const label = pick(p.label, p.name);
  const help = pick(p.help, p.description);
  const id = `param-${p.name}`;
  let input;
  if (p.type === "bool") {
    input = (
      <input
        id={id}
        type="checkbox"
        disabled={disabled}
        checked={value === true}
        onChange={(e) => set((e.target as HTMLInputElement).checked)}
      />
    );
  } else if (p.type === "enum") {
    const names = p.values?.[lang.value];
    input = (
      <select
        id={id}
        disabled={disabled}
        value={String(value)}
        onChange={(e) => set((e.target as HTMLSelectElement).value)}
      >
        {(p.allowed ?? []).map((a) => (
          <option key={String(a)} value={String(a)}>
            {names?.[String(a)] ?? String(a)}
          </option>
        ))}
      </select>
    );
  } else {
    input = (
      <input
        id={id}
        type="number"
        disabled={disabled}
        min={p.min}
        max={p.max}
        value={Number(value)}
        onChange={(e) => set(Number((e.target as HTMLInputElement).value))}
      />
    );
  }
  return (
    <div class="param">
      <label for={id}>{label}</label>
      {input}
      <small>{help}</small>
    </div>
  );
}

/** "New table": player count, every rule option, each seat a person or a bot, public or not. */
export function NewTable({ game }: { game: GameInfo }) {
  const [players, setPlayers] = useState(Math.min(Math.max(game.min_players, 3), game.max_players));
  const [seats, setSeats] = useState<SeatChoice[]>(() =>
    Array.from({ length: game.max_players }, (_, i) =>
      i === 0 ? { kind: "person" } : { kind: "bot", strength: "medium" },
    ),
  );
  const [params, setParams] = useState<Record<string, Json>>(() =>
    Object.fromEntries(game.params.map((p) => [p.name, p.default])),
  );
  const [isPublic, setPublic] = useState(true);
  const [name, setName] = useState(playerName());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const changed = Object.fromEntries(
        game.params.filter((p) => params[p.name] !== p.default).map((p) => [p.name, params[p.name]]),
      );
      const table = await api.create({
        game: game.name,
        params: changed,
        seats: seats.slice(0, players).map((s) => botSpec(game, s)),
        public: isPublic,
        auto_start: false,
      });
      const who = name.trim() || t("new.person");
      rememberName(who);
      remember(table.id, { host_token: table.host_token });
      const joined = await api.join(table.id, who, 0);
      remember(table.id, { token: joined.token, seat: joined.seat, name: who });
      go({ page: "table", id: table.id });
    } catch (err) {
      setError(err instanceof ApiError ? `${err.message} (${err.code})` : String(err));
      setBusy(false);
    }
  };

  return (
    <main class="new-table">
      <h1>{t("new.title", { game: GAME_INFO[game.name]?.title ?? game.title })}</h1>
      <form onSubmit={submit}>
        <div class="param">
          <label for="name">{t("new.your_name")}</label>
          <input
            id="name"
            type="text"
            maxLength={40}
            value={name}
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
          />
        </div>
        <div class="param">
          <label for="players">{t("lobby.players")}</label>
          <select
            id="players"
            value={players}
            onChange={(e) => setPlayers(Number((e.target as HTMLSelectElement).value))}
          >
            {Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => game.min_players + i).map(
              (n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ),
            )}
          </select>
        </div>
        <fieldset class="seats">
          {seats.slice(0, players).map((s, i) => (
            <div class="seat-row" key={i}>
              <SeatMark seat={i} />
              <span>{t("new.seat", { n: i + 1 })}</span>
              {i === 0 ? (
                <span class="muted">{name || t("new.person")}</span>
              ) : (
                <>
                  <select
                    aria-label={t("new.seat", { n: i + 1 })}
                    value={s.kind === "person" ? "person" : s.strength}
                    onChange={(e) => {
                      const v = (e.target as HTMLSelectElement).value;
                      const next = seats.slice();
                      next[i] =
                        v === "person"
                          ? { kind: "person" }
                          : { kind: "bot", strength: v as "easy" | "medium" | "hard" };
                      setSeats(next);
                    }}
                  >
                    <option value="person">{t("new.person")}</option>
                    <option value="easy">{`${t("new.bot")}: ${t("new.easy")}`}</option>
                    <option value="medium">{`${t("new.bot")}: ${t("new.medium")}`}</option>
                    <option value="hard">{`${t("new.bot")}: ${t("new.hard")}`}</option>
                  </select>
                </>
              )}
            </div>
          ))}
        </fieldset>
        {game.params.length > 0 && (
          <fieldset class="params">
            <legend>{t("new.options")}</legend>
            {game.params.map((p) => (
              <ParamField
                key={p.name}
                p={p}
                value={params[p.name]}
                set={(v) => setParams({ ...params, [p.name]: v })}
              />
            ))}
          </fieldset>
        )}
        <label class="check">
          <input
            type="checkbox"
            checked={isPublic}
            onChange={(e) => setPublic((e.target as HTMLInputElement).checked)}
          />
          {t("new.public")}
        </label>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <div class="actions">
          <button class="primary" type="submit" disabled={busy}>
            {t("new.create")}
          </button>
          <a class="button" href={href({ page: "home" })}>
            {t("new.cancel")}
          </a>
        </div>
      </form>
    </main>
  );
}
