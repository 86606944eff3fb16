// A whole game of each game played with the keyboard alone: only
// page.keyboard (Tab, Shift+Tab, arrow keys, Enter, Space), never a click,
// from the table's opening to its end screen. After every key the focused
// element must be a real element (not <body>: focus is never lost, not even
// when a move re-draws the choices) and show a visible focus ring (an
// outline or a box-shadow in its computed style). Also: with
// `prefers-reduced-motion: reduce`, nothing animates or transitions.
import { DESKTOP, assert, openTableAsPerson, screenshot } from "./lib.mjs";

/** What has the focus now, and whether it shows it. */
function focusNow(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return { lost: true };
    const cs = getComputedStyle(el);
    const outline = cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) > 0;
    const shadow = cs.boxShadow && cs.boxShadow !== "none";
    // A piece of an SVG board may show its focus by its own drawing (a thicker,
    // other-coloured edge) instead of a ring: visible when the drawing differs
    // focused and not.
    const drawing = () =>
      [...el.querySelectorAll("*")].map((d) => {
        const s = getComputedStyle(d);
        return `${s.stroke} ${s.strokeWidth} ${s.fill} ${s.outlineStyle}`;
      });
    let drawn = false;
    if (!outline && !shadow && el instanceof SVGElement) {
      const focused = drawing().join("|");
      el.blur();
      const blurred = drawing().join("|");
      el.focus();
      drawn = focused !== blurred && document.activeElement === el;
    }
    const name = el.getAttribute("aria-label") || el.textContent?.trim().slice(0, 60) || "";
    return {
      lost: false,
      visible: outline || shadow || drawn,
      what: `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? "." + el.className.split(" ").join(".") : ""} "${name}"`,
      choice: !!el.closest(".side .choices") && el.tagName === "BUTTON" && !el.disabled,
      index: el.closest(".side .choices") ? [...el.closest("ul").querySelectorAll("button")].indexOf(el) : -1,
      count: el.closest(".side .choices")?.querySelectorAll("button").length ?? 0,
    };
  });
}

/** Presses a key, lets the page settle, and checks the focus is on something and shows it. */
async function press(page, key, counts) {
  await page.keyboard.press(key);
  counts[key] = (counts[key] ?? 0) + 1;
  await page.waitForTimeout(40);
  const f = await focusNow(page);
  assert(!f.lost, `after ${key} the focus is on something, not lost to the page`);
  assert(f.visible, `after ${key} the focus is visible on ${f.what}`);
  return f;
}

/** A small deterministic random source, so that a failing game can be replayed. */
function random(seed) {
  let s = seed;
  return (n) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
}

/**
 * Plays the game to its end by keyboard: Tab (or Shift+Tab, now and then) to
 * the choice list, arrow keys to a choice, Enter or Space to take it. After
 * a move, focus stays where the next decision is; the test tabs only when it
 * is not on a choice.
 */
async function playByKeyboard(page, seed, maxMoves = 600) {
  const pick = random(seed);
  const counts = {};
  let moves = 0;
  let heard = 0;
  // The page opened: the first Tab enters it.
  await press(page, "Tab", counts);
  let f;
  for (;;) {
    const phase = await page.getAttribute("main.table", "data-phase");
    if (phase === "finished") break;
    const ready = await page.locator(".side .choices button:not([disabled])").count();
    if (!ready) {
      await page.waitForTimeout(100);
      continue;
    }
    f = await focusNow(page);
    // To the choice list: forward with Tab, or back with Shift+Tab from the controls after it.
    for (let i = 0; !f.choice; i++) {
      assert(i < 150, `the choice list is reachable with Tab from ${f.what}`);
      f = await press(page, i % 40 < 30 ? "Tab" : "Shift+Tab", counts);
    }
    // A choice: arrow keys move within the list (wrapping), Enter or Space takes it.
    const want = pick(f.count);
    for (let i = 0; f.index !== want; i++) {
      assert(i < f.count, `the arrow keys move from choice to choice (at ${f.index} of ${f.count}, to ${want})`);
      // The shorter way round: Up from the first choice wraps to the last.
      const down = (want - f.index + f.count) % f.count;
      f = await press(page, down <= f.count / 2 ? "ArrowDown" : "ArrowUp", counts);
    }
    const before = Number(await page.getAttribute("main.table", "data-version"));
    await press(page, moves % 2 ? "Space" : "Enter", counts);
    await page
      .waitForFunction((v) => Number(document.querySelector("main.table")?.getAttribute("data-version")) > v, before, {
        timeout: 15000,
      })
      .catch(() => {});
    // The move re-drew the table: focus is still somewhere sensible and visible.
    await page.waitForTimeout(150);
    f = await focusNow(page);
    assert(!f.lost, `after move ${moves + 1} the focus is not lost to the page`);
    assert(f.visible, `after move ${moves + 1} the focus is visible on ${f.what}`);
    // Screen readers hear the newest events only: the live region holds the end of the log, never all of it.
    const { log, news } = await page.evaluate(() => ({
      log: [...document.querySelectorAll(".event-log ol li")].map((li) => li.textContent),
      news: [...document.querySelectorAll(".event-log .event-news p")].map((p) => p.textContent),
    }));
    assert(
      news.join("\n") === log.slice(log.length - news.length).join("\n"),
      `after move ${moves + 1} the live region says the newest events: ${news.join(" / ")}`,
    );
    if (news.length && news.length < log.length) heard++;
    assert(++moves < maxMoves, "the game ends");
  }
  await page.waitForSelector(".end-screen");
  assert(heard > moves / 2, `the live region told the new events, not the whole log, after most moves: ${heard}`);
  return { moves, counts };
}

/** Opens a table as seat 0 with only keyboard use to come; no pointer is ever used. */
async function keyboardGame(server, browser, options, seed, shot) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const { page } = await openTableAsPerson(server, context, options);
  await page.waitForSelector('main.table[data-phase="playing"] .board-area > *');
  const { moves, counts } = await playByKeyboard(page, seed);
  const f = await focusNow(page);
  assert(!f.lost && f.visible, `at the end the focus is visible: ${f.what}`);
  await screenshot(page, shot);
  console.log(`     (${options.game}: ${moves} moves; keys ${JSON.stringify(counts)})`);
  await context.close();
}

export const tests = {
  "First Contact, as the alien against an earthling bot, played to its end with the keyboard alone": async ({
    server,
    browser,
  }) => {
    await keyboardGame(server, browser, { game: "first-contact", players: 2, bots: ["random"] }, 7, "keyboard-fc");
  },

  "First Giants at 2 players, played to its end with the keyboard alone": async ({ server, browser }) => {
    await keyboardGame(server, browser, { game: "first-giants", players: 2, bots: ["random"] }, 11, "keyboard-fg");
  },

  "Ufo! at 2 players, played to its end with the keyboard alone": async ({ server, browser }) => {
    await keyboardGame(
      server,
      browser,
      { game: "ufo", players: 2, bots: ["random"], params: { max_rounds: 3 } },
      13,
      "keyboard-ufo",
    );
  },

  "prefers-reduced-motion: reduce stops every animation and transition": async ({ server, browser }) => {
    // The guided first games: their suggestion pulses on the board (Ufo!'s as a halo on the map).
    const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: "reduce" });
    for (const game of ["first-contact", "first-giants", "ufo"]) {
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      await page.evaluate(() => localStorage.setItem("meeple.lang", "en"));
      await page.reload();
      await page.locator(`.game-card[data-game="${game}"] .learn-button`).click();
      await page.waitForSelector(".side .choices button[data-suggested]:not([disabled])", { timeout: 30000 });
      await page.waitForTimeout(300);
      const moving = () =>
        page.evaluate(() => {
          const longest = (v) =>
            Math.max(...v.split(",").map((x) => parseFloat(x) * (x.trim().endsWith("ms") ? 0.001 : 1)));
          const found = [];
          for (const el of document.querySelectorAll("*")) {
            const cs = getComputedStyle(el);
            const anim = cs.animationName !== "none" ? longest(cs.animationDuration) : 0;
            const trans = cs.transitionProperty !== "none" ? longest(cs.transitionDuration) : 0;
            if (anim > 0 || trans > 0)
              found.push(
                `${el.tagName.toLowerCase()}.${el.getAttribute("class")}: animation ${anim}s, transition ${trans}s`,
              );
          }
          return found;
        });
      const still = await moving();
      assert(!still.length, `${game}: nothing moves with reduced motion:\n${still.slice(0, 10).join("\n")}`);
      // The same page without the preference does move (the check can tell).
      await page.emulateMedia({ reducedMotion: "no-preference" });
      const moves = await moving();
      assert(moves.length > 0, `${game}: the suggestion pulses without the preference`);
      await page.close();
    }
    await context.close();
  },
};
