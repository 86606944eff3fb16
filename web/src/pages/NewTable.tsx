import { useState } from "preact/hooks";
import { api, playerName, remember, rememberName, rememberSeat } from "../api";
import { account } from "../account";
import { GAME_INFO } from "../games/info";
import { lang, pick } from "../i18n";
import type {
  CreateTableRequest,
  GameInfo,
  Json,
  OnTimeout,
  ParamSchema,
  SeatSpec,
  StandIn,
  StandInMode,
} from "../protocol";
import { defaultStandIn } from "../protocol";
import { LearnButton } from "../learn";
import { go, href } from "../router";
import { SeatMark } from "../seats";
import { errorText } from "../refusal";
import { t } from "../strings";
import { clockWords } from "../time";
import { FormError } from "../components/FormError";

export type Strength = "easy" | "medium" | "hard";
/** A seat on the new-table page: a person invited by link, a person at this device (hot-seat), or a bot. */
export type SeatChoice = { kind: "person" } | { kind: "here"; name: string } | { kind: "bot"; strength: Strength };

/** The clocks a turn-based table may have, in seconds: 1 hour to 7 days (the server takes up to 14). */
export const CLOCKS = [3600, 12 * 3600, 86400, 3 * 86400, 7 * 86400];

/** How long a person may be away before a stand-in plays for them, in seconds: 1 minute to 1 day (the server's range). */
export const GRACES = [60, 120, 300, 600, 900, 1800, 3600, 3 * 3600, 12 * 3600, 86400];

/** The server's bot spec for a strength: ismcts carries strengths; games without it get their default bot. */
export function botSpec(game: GameInfo, s: SeatChoice): SeatSpec {
  if (s.kind === "person" || s.kind === "here") return { kind: "person" };
  return { kind: "bot", bot: game.bots.includes("ismcts") ? `ismcts:${s.strength}` : game.default_bot };
}

/** The game's rule options, one field each (none: nothing). */
export function ParamFields({
  game,
  params,
  setParams,
}: {
  game: GameInfo;
  params: Record<string, Json>;
  setParams: (p: Record<string, Json>) => void;
}) {
  if (game.params.length === 0) return null;
  return (
    <fieldset class="params">
      <legend>{t("new.options")}</legend>
      {game.params.map((p) => (
        <ParamField key={p.name} p={p} value={params[p.name]} set={(v) => setParams({ ...params, [p.name]: v })} />
      ))}
    </fieldset>
  );
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

export interface TableChoices {
  players: number;
  seats: SeatChoice[];
  params: Record<string, Json>;
  isPublic: boolean;
  undo: boolean;
  turnBased: boolean;
  clock: number;
  onTimeout: OnTimeout;
  /** The host's choice of stand-in; null: the server's default for this table (see shownStandIn). */
  standIn?: StandIn | null;
  /** A rated table (signed-in hosts only): no bots, no undo, no hints, every person an account. */
  rated?: boolean;
  /** People may ask for a hint at their decisions (never at a rated table). */
  hints?: boolean;
  /** Who the table is for (signed-in hosts only): a rating range (null ends: no bound), the host's friends. */
  audience?: AudienceChoice;
}

export interface AudienceChoice {
  min: number | null;
  max: number | null;
  friendsOnly: boolean;
}

/** "Who is it for": a rating range at the game and the host's friends only (POST /api/tables). */
function AudienceFields({ value, set }: { value: AudienceChoice; set: (a: AudienceChoice) => void }) {
  const bound = (end: "min" | "max") => (
    <label class="rating-bound">
      <span>{t(`new.audience_${end}`)}</span>
      <input
        type="number"
        name={`${end}_rating`}
        min={0}
        max={4000}
        step={1}
        inputMode="numeric"
        value={value[end] ?? ""}
        onInput={(e) => {
          const v = (e.target as HTMLInputElement).value;
          set({ ...value, [end]: v === "" ? null : Math.max(0, Math.min(4000, Math.round(Number(v)))) });
        }}
      />
    </label>
  );
  return (
    <fieldset class="audience">
      <legend>{t("new.audience")}</legend>
      <div class="rating-range">
        {bound("min")}
        {bound("max")}
      </div>
      <small class="muted">{t("new.audience_help")}</small>
      <label class="check">
        <input
          type="checkbox"
          name="friends_only"
          checked={value.friendsOnly}
          onChange={(e) => set({ ...value, friendsOnly: (e.target as HTMLInputElement).checked })}
        />
        {t("new.friends_only")}
      </label>
    </fieldset>
  );
}

/** What the server does for these choices when the host picks no stand-in (docs/protocol.md, POST /api/tables). */
export function shownStandIn(c: TableChoices): StandIn {
  const people = c.seats.slice(0, c.players).filter((s) => s.kind !== "bot").length;
  return c.standIn ?? defaultStandIn({ turn_based: c.turnBased, public: c.isPublic, people });
}

/**
 * The POST /api/tables body for the page's choices. Options left at the
 * server's defaults are not sent, auto_start among them: every table starts
 * by itself once its last person has joined (the people at this device, the
 * people invited); the host may start it earlier, bots playing the free seats.
 */
export function createRequest(game: GameInfo, c: TableChoices): CreateTableRequest {
  const seats = c.seats.slice(0, c.players);
  const req: CreateTableRequest = {
    game: game.name,
    params: Object.fromEntries(
      game.params.filter((p) => c.params[p.name] !== p.default).map((p) => [p.name, c.params[p.name]]),
    ),
    seats: seats.map((s) => botSpec(game, s)),
    public: c.isPublic,
  };
  if (!c.undo) req.undo = false;
  if (c.turnBased) {
    req.turn_based = true;
    req.clock_seconds = c.clock;
    req.on_timeout = c.onTimeout;
  }
  if (c.standIn) req.stand_in = c.standIn.mode === "after" ? c.standIn : { mode: c.standIn.mode };
  if (c.rated) req.rated = true;
  else if (c.hints) req.hints = true;
  const a = c.audience;
  if (a?.min != null) req.min_rating = a.min;
  if (a?.max != null) req.max_rating = a.max;
  if (a?.friendsOnly) req.friends_only = true;
  return req;
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

  const [undo, setUndo] = useState(true);
  const [hints, setHints] = useState(false);
  const [turnBased, setTurnBased] = useState(false);
  const [clock, setClock] = useState(86400);
  const [onTimeout, setOnTimeout] = useState<OnTimeout>("bot");
  const [standIn, setStandIn] = useState<StandIn | null>(null);
  const signedIn = account.value?.name;
  const [ratedChoice, setRated] = useState(false);
  const rated = !!signedIn && ratedChoice;
  const [audience, setAudience] = useState<AudienceChoice>({ min: null, max: null, friendsOnly: false });
  const choices: TableChoices = {
    players,
    seats,
    params,
    isPublic,
    undo,
    turnBased,
    clock,
    onTimeout,
    standIn,
    rated,
    hints: hints && !rated,
    // A guest's table is for everyone (the host sits there as an account).
    audience: signedIn ? audience : undefined,
  };
  // A rated table, as the server has it: undo off, and every other seat a person invited by link.
  const rate = (on: boolean) => {
    setRated(on);
    if (!on) return;
    setUndo(false);
    setSeats(seats.map((s, i) => (i > 0 && s.kind !== "person" ? { kind: "person" } : s)));
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const req = createRequest(game, choices);
      const table = await api.create(req);
      const who = signedIn ?? (name.trim() || t("new.person"));
      if (!signedIn) rememberName(who);
      remember(table.id, { host_token: table.host_token, game: game.name });
      const joined = await api.join(table.id, who, 0);
      rememberSeat(table.id, { token: joined.token, seat: joined.seat, name: who });
      // Every person at this device takes their seat with their own name.
      for (let i = 1; i < players; i++) {
        const s = seats[i];
        if (s.kind !== "here") continue;
        const n = s.name.trim() || t("new.seat", { n: i + 1 });
        const j = await api.join(table.id, n, i);
        rememberSeat(table.id, { token: j.token, seat: j.seat, name: n });
      }
      go({ page: "table", id: table.id });
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };

  return (
    <main class="new-table">
      <h1>{t("new.title", { game: GAME_INFO[game.name]?.title ?? game.title })}</h1>
      <div class="learn-box">
        <LearnButton game={game.name} help />
      </div>
      <form onSubmit={submit}>
        <NameAndPlayers
          game={game}
          signedIn={!!signedIn}
          name={name}
          setName={setName}
          players={players}
          setPlayers={setPlayers}
        />
        <fieldset class="seats">
          {seats.slice(0, players).map((s, i) => (
            <div class="seat-row" key={i}>
              <SeatMark seat={i} />
              <span>{t("new.seat", { n: i + 1 })}</span>
              {i === 0 ? (
                <span class="muted">{signedIn ?? (name || t("new.person"))}</span>
              ) : (
                <>
                  <select
                    aria-label={t("new.seat", { n: i + 1 })}
                    value={s.kind === "bot" ? s.strength : s.kind}
                    onChange={(e) => {
                      const v = (e.target as HTMLSelectElement).value;
                      const next = seats.slice();
                      next[i] =
                        v === "person"
                          ? { kind: "person" }
                          : v === "here"
                            ? { kind: "here", name: "" }
                            : { kind: "bot", strength: v as Strength };
                      setSeats(next);
                    }}
                  >
                    <option value="person">{t("new.invite")}</option>
                    <option value="here" disabled={rated}>
                      {t("new.here")}
                    </option>
                    {(["easy", "medium", "hard"] as const).map((k) => (
                      <option key={k} value={k} disabled={rated}>{`${t("new.bot")}: ${t(`new.${k}`)}`}</option>
                    ))}
                  </select>
                  {s.kind === "here" && (
                    <input
                      class="here-name"
                      type="text"
                      maxLength={40}
                      aria-label={t("new.here_name", { n: i + 1 })}
                      placeholder={t("new.here_name", { n: i + 1 })}
                      value={s.name}
                      onInput={(e) => {
                        const next = seats.slice();
                        next[i] = { kind: "here", name: (e.target as HTMLInputElement).value };
                        setSeats(next);
                      }}
                    />
                  )}
                </>
              )}
            </div>
          ))}
          {seats.slice(1, players).some((s) => s.kind === "here") && <small class="muted">{t("new.here_help")}</small>}
        </fieldset>
        <ParamFields game={game} params={params} setParams={setParams} />
        {signedIn && <AudienceFields value={audience} set={setAudience} />}
        <fieldset class="table-options">
          {signedIn && (
            <label class="check">
              <input
                type="checkbox"
                name="rated"
                checked={rated}
                onChange={(e) => rate((e.target as HTMLInputElement).checked)}
              />
              <span>
                {t("new.rated")}
                <br />
                <small class="muted">{t("new.rated_help")}</small>
              </span>
            </label>
          )}
          <label class="check">
            <input
              type="checkbox"
              name="undo"
              disabled={rated}
              checked={undo}
              onChange={(e) => setUndo((e.target as HTMLInputElement).checked)}
            />
            {t("new.undo")}
          </label>
          {!rated && (
            // Not offered for a rated table: rated games are played without hints.
            <label class="check">
              <input
                type="checkbox"
                name="hints"
                checked={hints}
                onChange={(e) => setHints((e.target as HTMLInputElement).checked)}
              />
              {t("new.hints")}
            </label>
          )}
          <label class="check">
            <input
              type="checkbox"
              name="turn_based"
              checked={turnBased}
              onChange={(e) => setTurnBased((e.target as HTMLInputElement).checked)}
            />
            {t("new.turn_based")}
          </label>
          {turnBased && (
            <div class="turn-based-options">
              <div class="param">
                <label for="clock">{t("new.clock")}</label>
                <select
                  id="clock"
                  value={clock}
                  onChange={(e) => setClock(Number((e.target as HTMLSelectElement).value))}
                >
                  {CLOCKS.map((c) => (
                    <option key={c} value={c}>
                      {clockWords(c)}
                    </option>
                  ))}
                </select>
              </div>
              <div class="param">
                <label for="on-timeout">{t("new.on_timeout")}</label>
                <select
                  id="on-timeout"
                  value={onTimeout}
                  onChange={(e) => setOnTimeout((e.target as HTMLSelectElement).value as OnTimeout)}
                >
                  <option value="bot">{t("new.on_timeout.bot")}</option>
                  <option value="takeover">{t("new.on_timeout.takeover")}</option>
                </select>
              </div>
              <small class="muted">{t("new.turn_based_help")}</small>
            </div>
          )}
          <StandInField
            shown={shownStandIn(choices)}
            usual={shownStandIn({ ...choices, standIn: null })}
            set={setStandIn}
          />
        </fieldset>
        <label class="check">
          <input
            type="checkbox"
            checked={isPublic}
            onChange={(e) => setPublic((e.target as HTMLInputElement).checked)}
          />
          {t("new.public")}
        </label>
        <FormError message={error} />
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

/**
 * What happens when a person is away or out of time: wait, a stand-in after
 * a grace (1 minute to 1 day), or one at once. `usual` is what the server
 * does when the host chooses nothing; it is marked in the list.
 */
function StandInField({ shown, usual, set }: { shown: StandIn; usual: StandIn; set: (s: StandIn) => void }) {
  const mark = (mode: StandInMode, words: string) =>
    mode === usual.mode ? t("new.stand_in.default", { choice: words }) : words;
  const grace = shown.mode === "after" ? shown.seconds : usual.mode === "after" ? usual.seconds : 300;
  const graces = GRACES.includes(grace) ? GRACES : [...GRACES, grace].sort((a, b) => a - b);
  return (
    <div class="stand-in-options">
      <div class="param">
        <label for="stand-in">{t("new.stand_in")}</label>
        <select
          id="stand-in"
          value={shown.mode}
          onChange={(e) => {
            const mode = (e.target as HTMLSelectElement).value as StandInMode;
            set(mode === "after" ? { mode, seconds: grace } : { mode });
          }}
        >
          {(["wait", "after", "now"] as const).map((m) => (
            <option key={m} value={m}>
              {mark(m, t(`new.stand_in.${m}`))}
            </option>
          ))}
        </select>
      </div>
      {shown.mode === "after" && (
        <div class="param">
          <label for="stand-in-grace">{t("new.stand_in.grace")}</label>
          <select
            id="stand-in-grace"
            value={grace}
            onChange={(e) => set({ mode: "after", seconds: Number((e.target as HTMLSelectElement).value) })}
          >
            {graces.map((g) => (
              <option key={g} value={g}>
                {usual.mode === "after" && g === usual.seconds
                  ? t("new.stand_in.default", { choice: clockWords(g) })
                  : clockWords(g)}
              </option>
            ))}
          </select>
        </div>
      )}
      <small class="muted">
        {shown.mode === "after"
          ? t("new.stand_in.help.after", { duration: clockWords(grace) })
          : t(`new.stand_in.help.${shown.mode}`)}
      </small>
    </div>
  );
}

/**
 * The first fields of the new-table and play-now forms: the person's name
 * (only for a guest: an account plays under its own) and the player count.
 */
export function NameAndPlayers(p: {
  game: GameInfo;
  signedIn: boolean;
  name: string;
  setName: (name: string) => void;
  players: number;
  setPlayers: (n: number) => void;
}) {
  const { game, name, setName, players, setPlayers } = p;
  return (
    <>
      {!p.signedIn && (
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
      )}
      <div class="param">
        <label for="players">{t("lobby.players")}</label>
        <select
          id="players"
          value={players}
          onChange={(e) => setPlayers(Number((e.target as HTMLSelectElement).value))}
        >
          {Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => game.min_players + i).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
