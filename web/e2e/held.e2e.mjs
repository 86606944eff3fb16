// Nothing a person does is lost, as a property over whole games
// in the browser: a scripted person plays every game against quick bots,
// deciding at random (First Contact's earthling also writes on the note pad
// at any moment, in turn or not), while the page's WebSocket goes through a
// proxy that injects faults: acts lost on the way with the connection,
// connections cut just after an act, acts on a stale version (the version
// rewritten one lower: the server refuses it), acts delayed so that the bots
// move first, connections cut at random moments; and the page is reloaded
// at random moments. Each click is known by what the page began to hold
// for it (its id in the browser's storage); a click that held nothing, or
// something else, fails the test. At the end, the seat's entries in the
// table's record (GET /api/tables/{id}/record) are the person's decisions
// in the order made, less those refused on screen (.held-refused, in words,
// by id); a decision refused as "may not have been played" may be either.
// A decision in neither is lost; an entry no decision explains was sent
// twice. The figures are printed; HELD_ROUNDS=n plays the games n times,
// HELD_SEED=s repeats a run's choices (not its timings), HELD_DUMP=dir
// writes each game's decisions, refusals and record there.
import { DESKTOP, api, assert } from "./lib.mjs";

// Every game each round; First Contact with three players (an earthling
// beside a bot earthling: simultaneous offers cross the person's acts) in
// even rounds, with two in odd ones, counted from the seed (CI's one round
// plays either; one round stays under 2.5 minutes on two shared cores).
const GAMES = [
  { game: "ufo", seats: ["person", "random"], params: { max_rounds: 12 }, person: 0 },
  { game: "first-giants", seats: ["person", "random"], params: {}, person: 0 },
  { game: "first-contact", seats: ["random", "person", "random"], params: {}, person: 1, rounds: "even" },
  { game: "first-contact", seats: ["random", "person"], params: {}, person: 1, rounds: "odd" },
];

function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Routes the page's table WebSocket through a proxy that injects faults
 * (counted in `stats`). Messages keep their order each way.
 */
async function faultyProxy(page, rnd, stats) {
  const live = new Set();
  await page.routeWebSocket(/\/ws\/tables\//, (ws) => {
    const server = ws.connectToServer();
    let open = true;
    let chain = Promise.resolve();
    const conn = {
      cut: (why) => {
        if (!open) return;
        open = false;
        live.delete(conn);
        stats[why] = (stats[why] ?? 0) + 1;
        stats.faults++;
        ws.close().catch(() => {});
        server.close().catch(() => {});
      },
    };
    live.add(conn);
    const toServer = (m, delay = 0) => {
      chain = chain.then(async () => {
        if (delay) await sleep(delay);
        if (open) server.send(m);
      });
    };
    ws.onMessage((m) => {
      if (!open) return;
      let msg;
      try {
        msg = JSON.parse(String(m));
      } catch {
        return toServer(m);
      }
      if (msg.type !== "act") return toServer(m);
      stats.acts++;
      const r = rnd();
      if (r < 0.06) {
        // Lost on the way: the connection drops before the server reads it.
        conn.cut("lost_with_drop");
      } else if (r < 0.18) {
        // A stale version: the server refuses it (action/stale).
        stats.stale++;
        stats.faults++;
        toServer(JSON.stringify({ ...msg, version: Math.max(0, msg.version - 1) }));
      } else if (r < 0.24) {
        // The server reads it, the connection drops before the answer.
        toServer(m);
        chain = chain.then(() => sleep(rnd() * 40)).then(() => conn.cut("drop_after_act"));
      } else if (r < 0.34) {
        // Late: the bots may move first (a stale version, or a simultaneous decision crossing it).
        stats.delayed++;
        stats.faults++;
        toServer(m, 50 + rnd() * 400);
      } else toServer(m);
    });
    server.onMessage((m) => {
      if (open) ws.send(m);
    });
    server.onClose(() => conn.cut("server_closed"));
    ws.onClose(() => {
      open = false;
      live.delete(conn);
      server.close().catch(() => {});
    });
  });
  return {
    /** Cuts every open table connection of the page (a network drop). */
    cutAll: () => {
      for (const c of [...live]) c.cut("random_drop");
    },
  };
}

/** What the person can do now, read from the page. */
function look(page) {
  return page.evaluate(() => {
    const main = document.querySelector("main.table");
    const cells = [...document.querySelectorAll(".fc-note-cells li")].map((li) => {
      const b = li.querySelector(".fc-note-cell");
      return {
        characteristic: li.getAttribute("data-characteristic"),
        glyph: b?.getAttribute("data-glyph") === "" ? null : Number(b?.getAttribute("data-glyph")),
        enabled: !!b && !b.disabled,
        clear: !!li.querySelector(".fc-note-x"),
      };
    });
    return {
      phase: main?.getAttribute("data-phase") ?? "",
      version: Number(main?.getAttribute("data-version") ?? -1),
      choices: [...document.querySelectorAll(".side .choices button:not([disabled])")].length,
      cells,
      waiting: document.querySelectorAll(".fc-note-cells li.waiting").length,
      unknown: [...document.querySelectorAll(".fc-unknown-glyphs button.fc-key:not([disabled])")].map((b) =>
        Number(b.getAttribute("data-glyph")),
      ),
    };
  });
}

/**
 * Lists in `window.__held` every decision the page begins to hold, once, in
 * order: the connection writes each to the browser's storage as it is made
 * (meeple.held.*), even one settled at once. What a click made is what it
 * added there.
 */
function watchHeld(context) {
  return context.addInitScript(() => {
    const seen = new Set();
    window.__held = [];
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (typeof k === "string" && k.startsWith("meeple.held."))
        try {
          for (const d of JSON.parse(v).held ?? [])
            if (!seen.has(d.id)) {
              seen.add(d.id);
              window.__held.push(d);
            }
        } catch {
          // not ours
        }
      return setItem.call(this, k, v);
    };
  });
}

/**
 * Clicks a random enabled choice of the list within the page (one task:
 * what is clicked is what is read); its action (integer) and what the page
 * began to hold, or null when there is none.
 */
function clickChoice(page, r) {
  return page.evaluate((r) => {
    const bs = [...document.querySelectorAll(".side .choices button:not([disabled])")];
    if (!bs.length) return null;
    const b = bs[Math.floor(r * bs.length)];
    const n = window.__held.length;
    b.click();
    return { action: Number(b.getAttribute("data-action")), held: window.__held.slice(n) };
  }, r);
}

/**
 * Clicks an element by the DOM, not by the mouse: a banner coming or going
 * (reconnecting) moves the page, and a mouse click could land on a neighbour
 * (a characteristic's name, which chooses it). False when it is not there or
 * disabled. The next click is another task, after the page has drawn this one.
 */
async function domClick(page, sel) {
  const done = await page.evaluate((sel) => {
    const e = document.querySelector(sel);
    if (!e || e.disabled) return false;
    e.click();
    return true;
  }, sel);
  if (!done) throw new Error(`not clickable: ${sel}`);
}

/** Puts down a glyph picked and a cell chosen (the pad's two-click selection), as a person would. */
async function putDown(page) {
  for (let i = 0; i < 3; i++) {
    if (await page.locator('.fc-glyph-pad button.fc-key.pen[aria-pressed="true"]').count())
      await domClick(page, '.fc-glyph-pad button.fc-key.pen[aria-pressed="true"]');
    else if (await page.locator(".fc-note-cells li.picked .fc-note-cell").count())
      await domClick(page, ".fc-note-cells li.picked .fc-note-cell");
    else return;
  }
}

/** Whether the pad shows `sel` within a moment (the edit took). */
const shows = (page, sel) =>
  page.waitForSelector(sel, { state: "attached", timeout: 1500 }).then(
    () => true,
    () => false,
  );

/** What the page began to hold since it held `n` decisions. */
const heldSince = (page, n) => page.evaluate((n) => window.__held.slice(n), n);

/**
 * A note edit by clicking, as a person does: the edit it meant (JSON form)
 * and what the page began to hold on the clicks, or null when the pad was
 * not editable (no edit meant). The page shows the edit at once (waiting,
 * if it cannot go yet).
 */
async function noteEdit(page, now, rnd) {
  const cells = now.cells.filter((c) => c.enabled);
  if (!cells.length) return null;
  const r = rnd();
  const n = await page.evaluate(() => window.__held.length);
  let json = null;
  try {
    await putDown(page);
    if (r < 0.15 && now.unknown.length) {
      // Take a glyph out of the unknown symbols.
      const g = now.unknown[Math.floor(rnd() * now.unknown.length)];
      await domClick(page, `.fc-unknown-glyphs button.fc-key[data-glyph="${g}"]`);
      json = { unknown: g };
      await shows(page, `.fc-unknown-glyphs:not(:has(button.fc-key[data-glyph="${g}"]))`);
    } else if (r < 0.25) {
      // Put a glyph among the unknown symbols: pick it, then the "add" button.
      const g = Math.floor(rnd() * 25);
      if (now.unknown.includes(g)) return null;
      await domClick(page, `.fc-glyph-pad button.fc-key.pen[data-glyph="${g}"]`);
      await domClick(page, ".fc-unknown-add");
      json = { unknown: g };
      await shows(page, `.fc-unknown-glyphs button.fc-key[data-glyph="${g}"]`);
    } else {
      const c = cells[Math.floor(rnd() * cells.length)];
      const li = `li[data-characteristic="${c.characteristic}"]`;
      if (r < 0.35 && c.clear) {
        await domClick(page, `${li} .fc-note-x`);
        json = { note: { characteristic: c.characteristic, glyph: null } };
        await shows(page, `${li} .fc-note-cell[data-glyph=""]`);
      } else {
        let g = Math.floor(rnd() * 25);
        if (g === c.glyph) g = (g + 1) % 25;
        await domClick(page, `.fc-glyph-pad button.fc-key.pen[data-glyph="${g}"]`);
        // Written only over another glyph than the cell shows now (as the pen lands: the pad may have changed).
        const cell = `${li} .fc-note-cell:not([data-glyph="${g}"])`;
        await domClick(page, cell);
        json = { note: { characteristic: c.characteristic, glyph: g } };
        await shows(page, `${li} .fc-note-cell[data-glyph="${g}"]`);
      }
    }
  } catch {
    // The pad was not editable when clicked (chance, the end), or the edit
    // did not show: put the pen down.
    await putDown(page).catch(() => {});
  }
  const held = await heldSince(page, n);
  return json || held.length ? { json, held } : null;
}

/** Decisions refused on screen: each with its action (JSON) and code. */
function refusedOnScreen(page) {
  return page.$$eval(".held-refused li", (lis) =>
    lis.map((li) => ({
      id: li.getAttribute("data-id"),
      action: JSON.parse(li.getAttribute("data-action") ?? "null"),
      code: li.getAttribute("data-code"),
    })),
  );
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** One whole game with faults; returns its figures. */
async function playOne(server, browser, spec, seed, totals) {
  const rnd = rng(seed);
  const seats = spec.seats.map((k) => (k === "person" ? { kind: "person" } : { kind: "bot", bot: k }));
  const table = await api(server, "POST", "/api/tables", {
    game: spec.game,
    seats,
    params: spec.params,
    public: false,
    auto_start: true,
    // Nobody plays for the person while the proxy cuts them off: every decision of their seat is theirs.
    stand_in: { mode: "wait" },
  });
  const join = await api(server, "POST", `/api/tables/${table.id}/join`, { name: "Eva", seat: spec.person });
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const stats = { acts: 0, faults: 0, stale: 0, delayed: 0, reloads: 0 };
  const proxy = await faultyProxy(page, rnd, stats);
  await watchHeld(context);
  await page.goto(`${server.url}/`);
  await page.evaluate(
    ([id, token, seat]) => {
      localStorage.setItem("meeple.tables", JSON.stringify({ [id]: { token, seat, name: "Eva" } }));
      localStorage.setItem("meeple.lang", "en");
    },
    [table.id, join.token, spec.person],
  );
  await page.goto(`${server.url}/#/t/${table.id}`);
  await page.waitForSelector("main.table[data-version]");
  // Every click that decided something: what it meant, and the id of what the page held for it.
  const decisions = [];
  // Clicks the page held nothing for, or held something else for (a person would see their click do nothing).
  const ignored = [];
  const known = new Set();
  const decide = (d, held) => {
    const fresh = held.filter((h) => !known.has(h.id));
    for (const h of fresh) known.add(h.id);
    if (fresh.length !== 1 || (d.json !== undefined && !same(fresh[0].action, d.json)))
      ignored.push({ ...d, held: fresh });
    for (const h of fresh) decisions.push({ ...d, id: h.id, held: h.action, expect: h.expect });
  };
  const started = Date.now();
  let refused = [];
  // Just after a decision (it may be held, on its way or answered): sometimes a reload, sometimes a drop.
  const afterDecision = async () => {
    const f = rnd();
    if (f < 0.04) {
      await sleep(rnd() * 30);
      // A reload: what the page holds must come back from the browser's storage.
      refused = refused.concat(await refusedOnScreen(page));
      stats.reloads++;
      stats.faults++;
      await page.reload();
      await page.waitForSelector("main.table[data-version]");
    } else if (f < 0.1) {
      await sleep(rnd() * 30);
      proxy.cutAll();
    }
  };
  // And drops at any moment: every 3 to 10 s.
  const cutter = setInterval(() => {
    if (rnd() < 0.3) proxy.cutAll();
  }, 2000);
  for (let step = 0; ; step++) {
    if (Date.now() - started > 240_000) {
      const held = await page.evaluate(() =>
        Object.entries(localStorage).filter(([k]) => k.startsWith("meeple.held.")),
      );
      const banner = await page.locator(".banner, .turn-bar").allTextContents();
      banner.push(JSON.stringify(await page.evaluate(() => document.querySelector(".fc")?.dataset ?? null)));
      throw new Error(
        `${spec.game}: the game did not end within 4 minutes: ${JSON.stringify({ now: await look(page), held, banner, stats })}`,
      );
    }
    const now = await look(page).catch(() => null);
    if (!now || now.version < 0) {
      await sleep(50);
      continue;
    }
    if (now.phase === "finished") break;
    const r = rnd();
    // A person writes a few notes at a time, not hundreds: at most 3 waiting.
    if (now.cells.some((c) => c.enabled) && now.waiting < 3 && r < 0.3) {
      const d = await noteEdit(page, now, rnd);
      if (d) {
        decide({ json: d.json, version: now.version }, d.held);
        await afterDecision();
      }
      continue;
    }
    if (now.choices) {
      const d = await clickChoice(page, rnd());
      if (d) {
        decide({ action: d.action, version: now.version }, d.held);
        await afterDecision();
      }
      await sleep(rnd() * 60);
      continue;
    }
    await sleep(40);
  }
  clearInterval(cutter);
  // The end: whatever the page still held is settled (acknowledged, or refused on screen).
  await page.waitForFunction(
    () =>
      !Object.keys(localStorage).some(
        (k) => k.startsWith("meeple.held.") && localStorage.getItem(k)?.includes('"held":[{'),
      ),
    null,
    { timeout: 20000 },
  );
  refused = refused.concat(await refusedOnScreen(page));
  // Each refusal once (a reload shows again those not dismissed).
  const refusals = new Map(refused.map((x) => [x.id, x]));
  const record = await api(server, "GET", `/api/tables/${table.id}/record`);
  const mine = record.actions.filter((a) => a.seat === spec.person && !a.undo);
  if (process.env.HELD_DUMP)
    (await import("node:fs")).writeFileSync(
      `${process.env.HELD_DUMP}/${table.id}.json`,
      JSON.stringify({ spec, decisions, ignored, refused: [...refusals.values()], record }, null, 1),
    );
  const { played, refusedOnly, refusedPlayed, lost, extra } = align(decisions, mine, refusals);
  await context.close();
  const codes = {};
  for (const x of refusals.values()) codes[x.code] = (codes[x.code] ?? 0) + 1;
  const faults = Object.fromEntries(Object.entries(stats).filter(([k]) => !["acts", "faults"].includes(k) && stats[k]));
  const figures = {
    game: spec.game,
    players: spec.seats.length,
    decisions: decisions.length,
    in_record: played,
    refused_on_screen: refusedOnly,
    // Refused as "may not have been played" (client/unconfirmed) and played after all: told, not lost.
    refused_and_in_record: refusedPlayed.size,
    refused_codes: codes,
    lost: lost.length,
    extra_in_record: extra.length,
    ignored_clicks: ignored.length,
    faults: stats.faults,
    ...faults,
    acts_sent: stats.acts,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  console.log(`     ${JSON.stringify(figures)}`);
  add(totals, figures);
  assert(!errors.length, `no page errors: ${errors.join("; ")}`);
  assert(
    !ignored.length,
    `${spec.game}: clicks the page held nothing (or something else) for: ${JSON.stringify(ignored)}`,
  );
  assert(
    !lost.length,
    `${spec.game} (table ${table.id}): decisions neither in the record nor refused on screen: ${JSON.stringify(lost)}`,
  );
  assert(
    !extra.length,
    `${spec.game} (table ${table.id}): decisions in the record the person did not make (sent twice?): ${JSON.stringify(extra)}`,
  );
  // Told "not played" (any code but client/unconfirmed) yet played: the screen said something false.
  const wrong = [...refusals.values()].filter(
    (x) => x.code !== "client/unconfirmed" && decisions.some((d, i) => d.id === x.id && refusedPlayed.has(i)),
  );
  assert(!wrong.length, `${spec.game}: refused on screen but played: ${JSON.stringify(wrong)}`);
  return figures;
}

/** Adds a game's figures to the totals (numbers added, refusal codes and faults by kind). */
function add(totals, f) {
  totals.games = (totals.games ?? 0) + 1;
  for (const [k, v] of Object.entries(f)) {
    if (typeof v === "number" && k !== "players") totals[k] = (totals[k] ?? 0) + v;
    else if (k === "refused_codes") {
      totals[k] ??= {};
      for (const [c, n] of Object.entries(v)) totals[k][c] = (totals[k][c] ?? 0) + n;
    }
  }
}

/** The record entry's action as the decision holds it: the integer of a choice, the JSON form of a note edit. */
const matches = (d, e) => (d.json !== undefined ? same(d.held, e.json) : d.action === e.action);

/**
 * Lines up the person's decisions (in the order made) with their seat's
 * record entries (in the order played): the page sends them one at a time,
 * in order, so the entries must be the decisions in order, less those
 * refused on screen. A decision may be skipped only when it was refused
 * (by its id); a refusal "may not have been played" (client/unconfirmed)
 * may be in the record or not. The alignment with the fewest decisions lost
 * and entries nobody decided (edit distance, matches preferred); returns
 * the counts, the lost decisions and the extra entries.
 */
function align(decisions, entries, refusals) {
  const n = decisions.length;
  const m = entries.length;
  // cost[i][j]: the fewest faults lining up decisions[i..] with entries[j..].
  const cost = Array.from({ length: n + 1 }, () => new Array(m + 1).fill(0));
  const skip = (i) => (refusals.has(decisions[i].id) ? 0 : 1);
  for (let i = n; i >= 0; i--)
    for (let j = m; j >= 0; j--) {
      if (i === n && j === m) continue;
      let best = Infinity;
      if (i < n && j < m && matches(decisions[i], entries[j])) best = cost[i + 1][j + 1];
      if (i < n) best = Math.min(best, skip(i) + cost[i + 1][j]);
      if (j < m) best = Math.min(best, 1 + cost[i][j + 1]);
      cost[i][j] = best;
    }
  let played = 0;
  let refusedOnly = 0;
  const refusedPlayed = new Set();
  const lost = [];
  const extra = [];
  for (let i = 0, j = 0; i < n || j < m;) {
    if (i < n && j < m && matches(decisions[i], entries[j]) && cost[i][j] === cost[i + 1][j + 1]) {
      played++;
      if (refusals.has(decisions[i].id)) refusedPlayed.add(i);
      i++;
      j++;
    } else if (i < n && cost[i][j] === skip(i) + cost[i + 1][j]) {
      if (skip(i)) lost.push({ at: i, ...decisions[i] });
      else refusedOnly++;
      i++;
    } else {
      extra.push({ at: j, ...entries[j] });
      j++;
    }
  }
  return { played, refusedOnly, refusedPlayed, lost, extra };
}

export const tests = {
  "every decision of a person is in the record or refused on screen, across drops, stale versions and reloads": async ({
    server,
    browser,
  }) => {
    const rounds = Number(process.env.HELD_ROUNDS ?? 1);
    const seed0 = Number(process.env.HELD_SEED ?? Date.now() % 100000);
    const totals = {};
    const t0 = Date.now();
    // HELD_GAMES=2,3 plays those of GAMES (by index) every round.
    const only = process.env.HELD_GAMES?.split(",").map(Number);
    for (let round = 0; round < rounds; round++)
      for (const [i, spec] of GAMES.entries()) {
        const turn = !spec.rounds || spec.rounds === ((seed0 + round) % 2 ? "odd" : "even");
        if (only ? only.includes(i) : turn) await playOne(server, browser, spec, seed0 + round * 17 + i, totals);
      }
    console.log(`     seed ${seed0}: ${JSON.stringify(totals)} in ${Math.round((Date.now() - t0) / 1000)} s`);
  },
};
