// First Contact and First Giants on a phone, at their largest player count
// (First Contact 7: three aliens and four earthlings; First Giants 5), played
// to the end screen on a 390x844 touch screen by tapping the board: the
// field's squares, the language pad's keys and the note pad's names (First
// Contact), the dig sites' and studio's cards, sets, amber and pawns (First
// Giants); the buttons near the board only for decisions with no piece
// (send, done, pass, ...), never the list of choices. The other seats are
// quick bots (random). At each step: the page never scrolls sideways, and
// every target offered is at least 44x44 CSS px (touch guidelines; WCAG
// 2.5.8 asks for 24x24); the smallest is reported with the room around it. Screenshots
// for docs/screenshots at 390x844, 360x640 and 1366x768 are taken mid-game.
import {
  DESKTOP,
  PHONE,
  api,
  assert,
  badlyBrokenNames,
  openSeat,
  screenshot,
  version,
  waitVersionAbove,
} from "./lib.mjs";

const SMALL_PHONE = { width: 360, height: 640 };

/**
 * A started table where `persons` are people and every other seat a random
 * bot; each person's page opens in its own touch-screen phone context.
 */
async function openPhones(server, browser, game, players, persons) {
  const seats = Array.from({ length: players }, (_, i) =>
    persons.includes(i) ? { kind: "person" } : { kind: "bot", bot: "random" },
  );
  const table = await api(server, "POST", "/api/tables", { game, seats, public: false, auto_start: true });
  const pages = [];
  for (const seat of persons) {
    const name = `P${seat}`;
    const { context, page } = await openSeat(server, browser, table, seat, name, { viewport: PHONE });
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    pages.push({ seat, context, page, errors });
  }
  return pages;
}

/**
 * The board's enabled actions now (each a piece or a button near the board,
 * as `button`), with its box and the gap to its nearest other target; and
 * how far the page scrolls sideways.
 */
async function look(page, acts, buttons) {
  return page.evaluate(
    ([a, b]) => {
      const els = [...document.querySelectorAll(a)].filter((e) => !e.disabled);
      const boxes = els.map((e) => e.getBoundingClientRect());
      const gap = (i) => {
        const r = boxes[i];
        let g = Infinity;
        boxes.forEach((o, j) => {
          if (j === i) return;
          const dx = Math.max(0, o.left - r.right, r.left - o.right);
          const dy = Math.max(0, o.top - r.bottom, r.top - o.bottom);
          g = Math.min(g, Math.hypot(dx, dy));
        });
        return g;
      };
      return {
        finished: document.querySelector("main.table")?.getAttribute("data-phase") === "finished",
        wide: document.documentElement.scrollWidth - innerWidth,
        covered: document.querySelectorAll(".fc-sq.covered").length,
        writing: Number(document.querySelector(".fc-compose-line")?.getAttribute("data-count") ?? 0),
        acts: els.map((e, i) => ({
          i,
          action: e.getAttribute("data-action"),
          button: e.matches(b),
          kind: e.className.split(" ")[0],
          site: !!e.closest(".fg-site"),
          w: boxes[i].width,
          h: boxes[i].height,
          gap: gap(i),
        })),
      };
    },
    [acts, buttons],
  );
}

/**
 * Three sizes of the same moment, for docs/screenshots, each checked by
 * `check(page, name)` as well; back to the phone after.
 */
async function threeSizes(page, names, check = async () => {}) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await check(page, names.phone);
  await screenshot(page, names.phone);
  for (const [size, name] of [
    [SMALL_PHONE, names.small],
    [DESKTOP, names.desktop],
  ]) {
    if (!name) continue;
    await page.setViewportSize(size);
    await page.waitForTimeout(250);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert(wide <= 0, `${name}: the page scrolls sideways by ${wide} px`);
    await check(page, name);
    await screenshot(page, name);
  }
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(250);
}

/**
 * Plays every person's seat by tapping, until the game ends. `pick` chooses
 * among the enabled actions of one look (pieces before buttons, mostly);
 * `shots` say when to take the screenshots (`when(person, look)`) and how
 * (`take(person)`); each is taken once, and all must be.
 */
async function playByTapping(people, { acts, buttons, root, limit, shots }) {
  const stats = { taps: 0, boardTaps: 0, smallest: null, under44: new Set() };
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const started = Date.now();
  const taken = new Set();
  for (;;) {
    assert(Date.now() - started < limit, `the game ends within ${limit / 1000} s (${stats.taps} taps)`);
    let acted = false;
    let finished = true;
    for (const p of people) {
      const s = await look(p.page, acts, buttons);
      assert(s.wide <= 0, `seat ${p.seat}: the page scrolls sideways by ${s.wide} px`);
      if (s.finished) continue;
      finished = false;
      if (!s.acts.length) continue;
      const shot = shots.find((x) => !taken.has(x) && x.when(p, s));
      if (shot) {
        taken.add(shot);
        await shot.take(p);
        continue;
      }
      const pieces = s.acts.filter((x) => !x.button);
      const near = s.acts.filter((x) => x.button);
      const from = pieces.length && (!near.length || rnd() < 0.8) ? pieces : near;
      const x = from[Math.floor(rnd() * from.length)];
      // Every target offered (the one tapped among them): WCAG 2.5.8 asks for 24x24 px, or room
      // around a smaller one; touch guidelines ask for 44x44, which is asked here.
      for (const y of s.acts) {
        const small = Math.min(y.w, y.h);
        if (!stats.smallest || small < stats.smallest.size)
          stats.smallest = { size: small, w: y.w, h: y.h, kind: y.kind, gap: y.gap };
        if (small < 44) stats.under44.add(`${y.kind} ${y.w.toFixed(1)}x${y.h.toFixed(1)}`);
      }
      const before = await version(p.page);
      await p.page.locator(acts).nth(x.i).tap({ timeout: 5000 });
      stats.taps++;
      if (!x.button) stats.boardTaps++;
      await waitVersionAbove(p.page, before, 30000);
      acted = true;
    }
    if (finished) break;
    if (!acted) await people[0].page.waitForTimeout(150);
  }
  const missed = shots.filter((x) => !taken.has(x)).map((x) => x.name);
  assert(!missed.length, `the screenshots were taken mid-game (missed: ${missed.join(", ")})`);
  assert(!stats.under44.size, `tapped targets under 44x44 px: ${[...stats.under44].join(", ")}`);
  for (const p of people) {
    await p.page.waitForSelector(`.end-screen ${root}`);
    const wide = await p.page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert(wide <= 0, `seat ${p.seat}: the end screen scrolls sideways by ${wide} px`);
    assert(!p.errors.length, `seat ${p.seat}: no script errors: ${p.errors.join("; ")}`);
    // Nothing of the result hides behind a scroll of its own: every table shows whole.
    const cut = await p.page.$$eval(".end-screen table", (tables) =>
      tables.filter((t) => t.parentElement.scrollWidth > t.parentElement.clientWidth + 1).map((t) => t.className),
    );
    assert(!cut.length, `seat ${p.seat}: result tables wider than the phone: ${cut.join(", ")}`);
    // For looking at (not in docs/screenshots): each person's end screen on the phone.
    await p.page.locator(".end-screen").scrollIntoViewIfNeeded();
    await screenshot(p.page, `phone-tap-end-${root.slice(1)}-${p.seat}`);
  }
  return stats;
}

function report(game, s) {
  const m = s.smallest;
  console.log(
    `     ${game}: ${s.taps} taps, ${s.boardTaps} on pieces; smallest target ${m.w.toFixed(1)}x${m.h.toFixed(1)} px (${m.kind}, ${m.gap.toFixed(1)} px to the nearest other target)`,
  );
}

/**
 * The earthling's note pad by tapping: a glyph of the glyph pad (the pen), then
 * a characteristic's cell writes it there; the × beside the cell clears it; a
 * second note stays; a glyph goes among the unknown symbols and leaves them.
 * Each of these targets is 44x44 px at least.
 */
async function takeNotes(page) {
  const sizes = [];
  const measure = async (sel) => {
    const b = await page.locator(sel).boundingBox();
    sizes.push(`${sel} ${b.width.toFixed(1)}x${b.height.toFixed(1)}`);
    return Math.min(b.width, b.height);
  };
  const pen = (g) => `.fc-glyph-pad button.fc-key.pen[data-glyph="${g}"]`;
  const cell = (c) => `.fc-note-cells li[data-characteristic="${c}"] .fc-note-cell`;
  const [first, second] = await page.$$eval(".fc-note-cells li", (lis) =>
    lis.slice(0, 2).map((li) => li.getAttribute("data-characteristic")),
  );
  let small = Infinity;
  small = Math.min(small, await measure(pen(5)));
  await page.tap(pen(5));
  small = Math.min(small, await measure(cell(first)));
  await page.tap(cell(first));
  await page.waitForSelector(`${cell(first)}[data-glyph="5"]`);
  const clear = `.fc-note-cells li[data-characteristic="${first}"] .fc-note-x`;
  small = Math.min(small, await measure(clear));
  await page.tap(clear);
  await page.waitForSelector(`${cell(first)}[data-glyph=""]`);
  await page.tap(pen(9));
  await page.tap(cell(second));
  await page.waitForSelector(`${cell(second)}[data-glyph="9"]`);
  // A glyph not understood yet: picked, then put among the unknown symbols; tapped there, it leaves.
  await page.tap(pen(12));
  small = Math.min(small, await measure(".fc-unknown-add"));
  await page.tap(".fc-unknown-add");
  const unknown = '.fc-unknown-glyphs .fc-key[data-glyph="12"]';
  await page.waitForSelector(unknown);
  small = Math.min(small, await measure(unknown));
  await page.tap(unknown);
  await page.waitForSelector(unknown, { state: "detached" });
  assert(small >= 44, `the note pad's targets are 44x44 px at least: ${sizes.join(", ")}`);
  // For looking at (not in docs/screenshots): the note pad on the phone.
  await page.locator(".fc-notes").scrollIntoViewIfNeeded();
  await screenshot(page, "first-contact-notes-phone");
}

export const tests = {
  "First Contact, 7 players on phones (an alien and an earthling), played to the end by tapping the board": async ({
    server,
    browser,
  }) => {
    // Seats 0-2 are the aliens, 3-6 the earthlings: a person is the red alien, another the first earthling.
    const people = await openPhones(server, browser, "first-contact", 7, [0, 3]);
    for (const p of people) await p.page.waitForSelector(".fc");
    assert((await people[0].page.getAttribute(".fc", "data-role")) === "alien", "seat 0 is an alien");
    assert((await people[1].page.getAttribute(".fc", "data-role")) === "earthling", "seat 3 is an earthling");
    let negated = false;
    let earthling = 0;
    let alien = 0;
    // In one column (a phone) the person's desk (language pad, note pad) comes right after the
    // field, before the round so far and the teams: what they act on is reached first.
    const deskFirst = async (page, name) => {
      const at = await page.evaluate(() => ({
        desk: document.querySelector(".fc-desk")?.getBoundingClientRect(),
        teams: document.querySelector(".fc-teams")?.getBoundingClientRect(),
        field: document.querySelector(".fc-field-wrap")?.getBoundingClientRect(),
      }));
      if (at.desk.left >= at.field.right) return; // two columns: the desk is beside the field
      assert(
        at.desk.top < at.teams.top,
        `${name}: the desk (top ${at.desk.top}) comes before the teams (${at.teams.top})`,
      );
    };
    const shots = [
      {
        name: "the earthling at the field",
        // The earthling with squares to tap (rotate or offer) once items are covered: a round's play shows.
        // Random earthlings may never cover a square in a short game: then the sixth such look will do.
        when: (p, s) => p.seat === 3 && s.acts.some((x) => x.kind === "fc-sq") && (s.covered > 0 || ++earthling >= 6),
        take: async (p) => {
          await takeNotes(p.page);
          await threeSizes(
            p.page,
            {
              phone: "first-contact-phone",
              small: "first-contact-phone-360",
              desktop: "first-contact-earthling-desktop",
            },
            deskFirst,
          );
        },
      },
      {
        name: "the alien at its move",
        // The alien at its move: writing a message (a glyph written), or later in the game.
        // Seat 0 writes only every third round: failing both, its eighth look with something to do.
        when: (p, s) => p.seat === 0 && s.acts.length > 0 && (s.writing > 0 || s.covered > 1 || ++alien >= 8),
        take: async (p) => {
          // Writing: the NOT bar is tapped on (the next glyph tapped is negated); a 44 px target too.
          const not = p.page.locator(".fc-not:not([disabled])");
          if (await not.count()) {
            const b = await not.boundingBox();
            assert(Math.min(b.width, b.height) >= 44, `the NOT bar is ${b.width}x${b.height} px`);
            await not.tap();
            await p.page.waitForSelector(".fc-not.on");
            negated = true;
          }
          await threeSizes(
            p.page,
            {
              phone: "first-contact-alien-phone",
              small: "first-contact-alien-phone-360",
              desktop: "first-contact-alien-desktop",
            },
            deskFirst,
          );
        },
      },
    ];
    const stats = await playByTapping(people, {
      acts: ".fc button[data-action]",
      buttons: ".fc-buttons button, .fc-other button",
      root: ".fc-result",
      limit: 300000,
      shots,
    });
    const teams = await people[1].page.locator(".fc-result li").count();
    assert(teams === 7, `the result lists the seven players' teams (${teams})`);
    report("first-contact", stats);
    console.log(`     first-contact: the alien tapped the NOT bar: ${negated}`);
    for (const p of people) await p.context.close();
  },

  "First Giants, 5 players on a phone, played to the end by tapping the board": async ({ server, browser }) => {
    const people = await openPhones(server, browser, "first-giants", 5, [0]);
    await people[0].page.waitForSelector(".fg-board");
    let seen = 0;
    // On every screen the dig sites lie two or more to a row (one to a row would leave half the screen empty).
    const sitesInRows = async (page, name) => {
      const tops = await page.$$eval(".fg-sites .fg-site", (sites) => sites.map((e) => e.getBoundingClientRect().top));
      assert(tops.length === 4 && tops[0] === tops[1], `${name}: dig sites 1 and 2 share a row (tops ${tops})`);
      // The narrower cards of a small phone still break their names only between syllables.
      const bad = await badlyBrokenNames(page);
      assert(!bad.length, `${name}: card names break badly: ${bad.join("; ")}`);
    };
    const shots = [
      {
        name: "a mid-game turn",
        // A mid-game turn with cards to take from the dig sites.
        when: (p, s) => ++seen >= 15 && s.acts.some((x) => x.site),
        take: async (p) => {
          // A touch screen is told to tap, never to click.
          const text = await p.page.textContent("main");
          assert(
            text.includes("Tap a glowing card") && !/\bclick/i.test(text),
            `tap, not click: ${text.slice(0, 300)}`,
          );
          return threeSizes(
            p.page,
            { phone: "first-giants-phone", small: "first-giants-phone-360", desktop: "first-giants-desktop" },
            sitesInRows,
          );
        },
      },
    ];
    const stats = await playByTapping(people, {
      acts: ".fg-board button[data-action]",
      buttons: ".fg-choice",
      root: ".fg-result",
      limit: 300000,
      shots,
    });
    const rows = await people[0].page.locator(".fg-result tbody tr").count();
    assert(rows === 5, `the result shows the five players (${rows} rows)`);
    report("first-giants", stats);
    for (const p of people) await p.context.close();
  },
};
