// The First Giants screen: what to do now, the board (Board.tsx: the dig
// sites and the face-up deck, the News and set tokens), this seat's studio
// and exhibit, and the other players' areas. Every legal choice is on the
// piece it acts on.
import type { ComponentChildren } from "preact";
import { PictureCredit } from "../../components/PictureCredit";
import { seatName } from "../../components/SeatList";
import type { TableState } from "../../connection";
import { pick } from "../../i18n";
import { SeatMark, seatColour } from "../../seats";
import type { GameScreenProps } from "../types";
import type { OnAct } from "./Board";
import { Board, NewsToken } from "./Board";
import { Card, sizeWords } from "./Card";
import { CARD_RULES, FAMILY_COLOURS, familyName, gameText } from "./data";
import { AmberIcon, FamilyIcon, PawnIcon, PointIcon, SetTokenIcon } from "./icons";
import type { Act, CardView, PlayerModel, ScreenModel, SetModel } from "./model";
import { buildModel } from "./model";
import { t } from "./strings";

export function Screen({ state, act, pending }: GameScreenProps) {
  if (!state.view || !Array.isArray(state.view.sites)) return null;
  const m = buildModel(state.view, state.phase === "playing" ? (state.choices ?? []) : [], state.seat);
  const onAct: OnAct = (a) => act(a.json);
  // While this seat decides about its own studio and exhibit (effects, sets, reclaim), its area comes first.
  const mineFirst = m.myTurn && !m.sites.some((s) => s.slots.some((x) => x.act)) && m.onPieces > 0;
  return (
    <div class={`fg-board ${m.myTurn ? "my-turn" : ""}`} aria-label={t("fg.board")} data-phase={m.phase}>
      {/* Nobody decides before the first deal (a replay's step 0): no "decides" without a name. */}
      {state.phase === "playing" && m.toAct.length > 0 && (
        <Prompt m={m} state={state} onAct={onAct} pending={pending} />
      )}
      {m.me && mineFirst && <PlayerArea p={m.me} m={m} state={state} onAct={onAct} pending={pending} />}
      <Board m={m} state={state} onAct={onAct} pending={pending} />
      {m.me && !mineFirst && <PlayerArea p={m.me} m={m} state={state} onAct={onAct} pending={pending} />}
      {m.others.map((p) => (
        <PlayerArea key={p.seat} p={p} m={m} state={state} onAct={onAct} pending={pending} />
      ))}
      <PictureCredit />
    </div>
  );
}

function cardLabel(c: CardView): string {
  return `${pick(c.name)} (${familyName(c.family)}, ${sizeWords(c)})`;
}

/** What is being decided, in the game's own words. */
export function contextLine(m: ScreenModel, state: TableState): string {
  const who = m.toAct.map((s) => seatName(state, s)).join(", ");
  switch (m.phase) {
    case "turn":
      return gameText("ask.turn", { who });
    case "order":
      return gameText("ask.order", { who });
    case "effect": {
      if (!m.effect) return "";
      const e = m.effect;
      let s = gameText("ask.effect", {
        who,
        card: cardLabel(e.card),
        owner: seatName(state, e.owner),
        text: pick(e.card.text),
      });
      // `repetitions_left` counts this one too: after it come one fewer (the server's own words say the same).
      if (e.repetitions_left > 1) s += gameText("ask.repeats", { n: e.repetitions_left - 1 });
      const eff = CARD_RULES[e.card.id].effect;
      if (e.exhibited_in_this_effect > 0 && eff === "exhibit_two_different") s += gameText("ask.second_different");
      if (e.exhibited_in_this_effect > 0 && eff === "exhibit_two_same") s += gameText("ask.second_same");
      return s;
    }
    case "target":
      return m.exhibiting ? gameText("ask.target", { who, card: cardLabel(m.exhibiting) }) : "";
    case "reclaim":
      return gameText("ask.reclaim", { who, n: m.reclaimLeft ?? 0 });
    default:
      return "";
  }
}

/** The hints for this seat's choices: which pieces to click. */
export function hints(m: ScreenModel): string[] {
  const h: string[] = [];
  if (m.sites.some((s) => s.slots.some((x) => x.act))) h.push(t("hint.take"));
  const me = m.me;
  if (!me) return h;
  if (me.reclaim) h.push(t("hint.reclaim"));
  const studioActs = me.studio.filter((c) => c.act).map((c) => c.act as Act);
  if (studioActs.some((a) => a.json && typeof a.json === "object" && "resolve" in a.json)) h.push(t("hint.resolve"));
  if (studioActs.some((a) => a.json && typeof a.json === "object" && "exhibit" in a.json)) h.push(t("hint.exhibit"));
  if (me.newSet || me.sets.some((s) => s.act)) h.push(t("hint.target"));
  if (me.gainAmber) h.push(t("hint.gain_amber"));
  if (me.gainPoint) h.push(t("hint.gain_point"));
  return h;
}

function Prompt({ m, state, onAct, pending }: { m: ScreenModel; state: TableState; onAct: OnAct; pending: boolean }) {
  const ctx = contextLine(m, state);
  const who = m.toAct.map((s) => seatName(state, s)).join(", ");
  return (
    <section class={`fg-prompt ${m.myTurn ? "mine" : ""}`} aria-live="polite">
      <div class="fg-prompt-head">
        {m.toAct.map((s) => (
          <SeatMark key={s} seat={s} size={18} />
        ))}
        {/* The person's own move is said once for the page, by the action bar. */}
        {!m.myTurn && <strong>{t("fg.other_move", { who })}</strong>}
        {ctx && <span class="fg-context">{ctx}</span>}
      </div>
      {m.myTurn && (
        <ul class="fg-hints">
          {hints(m).map((h) => (
            <li key={h}>{h}</li>
          ))}
        </ul>
      )}
      {m.myTurn && m.buttons.length > 0 && (
        <div class="fg-buttons">
          {m.onPieces > 0 && <span class="muted">{t("fg.or_button")}</span>}
          {m.buttons.map((a) => (
            <button
              key={a.action}
              type="button"
              class="fg-choice"
              title={a.words}
              disabled={pending}
              data-action={a.action}
              onClick={() => onAct(a)}
            >
              {a.words}
            </button>
          ))}
        </div>
      )}
      {m.endTriggered && <p class="fg-end-note">{t("fg.end_triggered")}</p>}
    </section>
  );
}

export function setName(s: SetModel["view"]): string {
  if (s.kind === "family" && s.family) return `${t("fg.set_family")}: ${familyName(s.family)}`;
  if (s.kind === "size") return s.size ? t("fg.set_size", { n: s.size }) : t("fg.set_eggs");
  return t("fg.set_open");
}

function SetBox({ s, onAct, pending }: { s: SetModel; onAct: OnAct; pending: boolean }) {
  const v = s.view;
  const label = `${t("fg.set_n", { n: s.index + 1 })} · ${setName(v)}`;
  const tokens = t("fg.set_tokens", { n: v.tokens, v: v.complete ? 3 : 2 });
  const inner = (
    <>
      <span class="fg-set-head">
        {v.kind === "family" && v.family && (
          <FamilyIcon family={v.family} size={13} colour={FAMILY_COLOURS[v.family]} />
        )}
        <span>{label}</span>
        {v.complete && <span class="fg-complete">✓ {t("fg.complete")}</span>}
      </span>
      <span class="fg-set-cards">
        {v.cards.map((c) => (
          <Card key={c.id} card={c} mini />
        ))}
      </span>
      <span class="fg-set-tokens" title={tokens}>
        {Array.from({ length: v.tokens }, (_, i) => (
          <SetTokenIcon key={i} size={13} />
        ))}
        {v.tokens > 0 && <span class="muted">{t("fg.pts", { n: v.tokens * (v.complete ? 3 : 2) })}</span>}
      </span>
    </>
  );
  if (s.act)
    return (
      <ActButton act={s.act} onAct={onAct} pending={pending} class="fg-set" set={s.index}>
        {inner}
      </ActButton>
    );
  return (
    <div class={`fg-set ${v.complete ? "complete" : ""}`} data-set={s.index} title={`${label}. ${tokens}`}>
      {inner}
    </div>
  );
}

function Counter({
  kind,
  value,
  act,
  onAct,
  pending,
}: {
  kind: "amber" | "points";
  value: number;
  act?: Act;
  onAct: OnAct;
  pending: boolean;
}) {
  const label = t(kind === "amber" ? "fg.amber" : "fg.points");
  const body = (
    <>
      {kind === "amber" ? <AmberIcon size={20} /> : <PointIcon size={20} />}
      <span class="fg-counter-value">{value}</span>
      <span class="fg-counter-label">{label}</span>
      {act && <span class="fg-plus">+1</span>}
    </>
  );
  if (act)
    return (
      <ActButton act={act} onAct={onAct} pending={pending} class={`fg-counter ${kind}`} shown>
        {body}
      </ActButton>
    );
  return (
    <span class={`fg-counter ${kind}`} title={`${label}: ${value}`}>
      {body}
    </span>
  );
}

function PlayerArea({
  p,
  m,
  state,
  onAct,
  pending,
}: {
  p: PlayerModel;
  m: ScreenModel;
  state: TableState;
  onAct: OnAct;
  pending: boolean;
}) {
  const colour = seatColour(p.seat);
  const pawns = (
    <span class="fg-pawns" title={t("fg.pawns_detail", { home: p.pawnsHome, out: p.pawnsOut })}>
      {!p.reclaim && <span class="fg-counter-label">{t("fg.pawns")}</span>}
      {Array.from({ length: p.pawnsHome + p.pawnsOut }, (_, i) => (
        <PawnIcon key={i} seat={p.seat} out={i >= p.pawnsHome} size={20} />
      ))}
    </span>
  );
  return (
    <section
      class={`fg-player ${p.me ? "me" : "other"} ${p.toAct ? "to-act" : ""}`}
      style={{ borderColor: p.toAct ? colour : undefined }}
      data-seat={p.seat}
      aria-label={seatName(state, p.seat)}
    >
      <header class="fg-player-head">
        <SeatMark seat={p.seat} size={18} />
        <strong class="fg-player-name">{seatName(state, p.seat)}</strong>
        {p.active && m.phase !== "over" && <span class="tag">{t("fg.active")}</span>}
        {p.toAct && !p.me && <span class="tag warn">{t("fg.deciding")}</span>}
        <span class="fg-score" title={t("fg.score")}>
          {t("fg.score")}: <b>{p.score}</b>
        </span>
        <Counter kind="amber" value={p.amber} act={p.gainAmber} onAct={onAct} pending={pending} />
        <Counter kind="points" value={p.points} act={p.gainPoint} onAct={onAct} pending={pending} />
        {p.reclaim ? (
          <ActButton act={p.reclaim} onAct={onAct} pending={pending} class="fg-reclaim" shown>
            {pawns}
            <span>{t("fg.reclaim")}</span>
          </ActButton>
        ) : (
          pawns
        )}
        {p.news.map((i) => (
          <NewsToken key={i} n={m.news[i]} state={state} small />
        ))}
      </header>
      <div class="fg-areas">
        <div class="fg-studio">
          <h3>
            {t("fg.studio")} <span class="muted">· {t("fg.studio_note")}</span>
          </h3>
          <div class="fg-studio-cards">
            {p.studio.length === 0 && <span class="muted">{t("fg.studio_empty")}</span>}
            {p.studio.map((c) => (
              <Card
                key={c.card.id}
                card={c.card}
                act={c.act}
                onAct={onAct}
                disabled={pending}
                mini={!p.me}
                highlight={c.current || c.pending || c.placing}
                tag={
                  c.placing ? t("fg.placing") : c.current ? t("fg.now") : c.pending ? t("fg.waiting_effect") : undefined
                }
              />
            ))}
          </div>
        </div>
        <div class="fg-exhibit">
          <h3>
            {t("fg.exhibit")} <span class="muted">· {t("fg.exhibit_note")}</span>
          </h3>
          {p.me && <p class="fg-sets-help">{t("fg.sets_help")}</p>}
          <div class="fg-sets">
            {p.sets.length === 0 && !p.newSet && <span class="muted">{t("fg.exhibit_empty")}</span>}
            {p.sets.map((s) => (
              <SetBox key={s.index} s={s} onAct={onAct} pending={pending} />
            ))}
            {p.newSet && (
              <ActButton act={p.newSet} onAct={onAct} pending={pending} class="fg-set new" set="new">
                <span class="fg-new-plus">+</span>
                <span>{t("fg.new_set")}</span>
              </ActButton>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

/** A piece that plays one choice: its words as tooltip and accessible name, its integer for tests. */
function ActButton(props: {
  act: Act;
  onAct: (a: Act) => void;
  pending: boolean;
  class: string;
  set?: number | "new";
  /** Whether the button shows words: then its name is what it shows and then the action's words
   * (as speech input users say it), computed from its content, so the two cannot drift apart. */
  shown?: boolean;
  children: ComponentChildren;
}) {
  const { act } = props;
  return (
    <button
      type="button"
      class={`${props.class} can-act`}
      title={act.words}
      aria-label={props.shown ? undefined : act.words}
      disabled={props.pending}
      data-set={props.set}
      data-action={act.action}
      onClick={() => props.onAct(act)}
    >
      {props.children}
      {props.shown && <span class="sr-only">: {act.words}</span>}
    </button>
  );
}
