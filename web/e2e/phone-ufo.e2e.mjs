// Ufo! on a phone: a person plays a whole 5-player game (4 quick bots) on a
// 390x844 touch screen by tapping the board (the places and UFOs the decision
// is about; the dice and "end" buttons by the prompt), never the list of
// choices. Along the way: the page never scrolls sideways, each piece tapped
// has a hit area of at least 44x44 px, a finger drag pans the map, and the
// names on the map (as the browser draws them, in English and Korean) do not
// overlap each other.
import { assert, openTableAsPerson, screenshot, version, waitVersionAbove } from "./lib.mjs";

const PHONE = { width: 390, height: 844 };
const MY_TURN = '.ufo-screen[data-my-turn="true"]';

/** What the person sees now; each piece listed only when it is inside the map's window (what a finger can reach). */
async function look(page) {
  return page.evaluate(() => {
    const screen = document.querySelector(".ufo-screen");
    const map = document.querySelector(".ufo-map");
    const m = map?.getBoundingClientRect();
    const seen = (e) => {
      const r = (e.querySelector(".hit") ?? e).getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      return !!m && x > m.left + 8 && x < m.right - 8 && y > m.top + 8 && y < m.bottom - 8;
    };
    const q = (s) => [...document.querySelectorAll(s)];
    const visible = (s, attr) =>
      q(s)
        .filter(seen)
        .map((e) => e.getAttribute(attr));
    return {
      finished: document.querySelector("main.table")?.getAttribute("data-phase") === "finished",
      mine: screen?.getAttribute("data-my-turn") === "true",
      phase: screen?.getAttribute("data-phase") ?? "",
      round: Number(screen?.getAttribute("data-round") ?? 0),
      version: Number(document.querySelector("main.table")?.getAttribute("data-version") ?? -1),
      selected: map?.getAttribute("data-selected") ?? "",
      menu: q(".ufo-menu [role=menuitem]").length,
      targets: q(".ufo-map .space.target").length,
      seenTargets: visible(".ufo-map .space.target", "data-space"),
      glowSpaces: q(".ufo-map .space.glow").length,
      seenSpaces: visible(".ufo-map .space.glow", "data-space"),
      glowUfos: q(".ufo-map .ufo.glow").length,
      seenUfos: visible(".ufo-map .ufo.glow", "data-ufo"),
      buttons: q(".ufo-status .ufo-buttons button").map((e) => e.getAttribute("data-json")),
      roll: !!document.querySelector(".control-panel .roll"),
      wide: document.documentElement.scrollWidth - innerWidth,
    };
  });
}

/** As ufo.e2e.mjs's: after a menu's item (an action; the menu closes before the answer) only a new version counts. */
async function settle(page, before) {
  await page.waitForFunction(
    (b) => {
      const v = Number(document.querySelector("main.table")?.getAttribute("data-version") ?? -1);
      const over = document.querySelector("main.table")?.getAttribute("data-phase") === "finished";
      if (b.acted) return v > b.version || over;
      const sel = document.querySelector(".ufo-map")?.getAttribute("data-selected") ?? "";
      const menu = document.querySelectorAll(".ufo-menu [role=menuitem]").length;
      return v > b.version || sel !== b.selected || menu !== b.menu || over;
    },
    before,
    { timeout: 20000 },
  );
}

/** The hit area of a piece on the screen, in CSS px. */
async function hitSize(page, selector) {
  return page.evaluate((s) => {
    const r = document.querySelector(`${s} .hit`)?.getBoundingClientRect();
    return r ? { w: r.width, h: r.height } : null;
  }, selector);
}

/** Pairs of map names whose drawn boxes overlap (as the browser lays them out). */
async function nameClashes(page) {
  return page.evaluate(() => {
    const rs = [...document.querySelectorAll(".ufo-map .name")].map((e) => ({
      t: e.textContent,
      r: e.getBoundingClientRect(),
    }));
    const out = [];
    // The halo stroke is 2 px each side of the glyphs: boxes may touch by that much.
    const over = (a, b) =>
      a.left + 2 < b.right - 2 && b.left + 2 < a.right - 2 && a.top + 2 < b.bottom - 2 && b.top + 2 < a.bottom - 2;
    rs.forEach((a, i) => rs.slice(i + 1).forEach((b) => over(a.r, b.r) && out.push(`${a.t} / ${b.t}`)));
    return out;
  });
}

/** A finger drag on the map through the DevTools protocol (touch events, as a phone sends them). */
async function drag(page, from, to) {
  const cdp = await page.context().newCDPSession(page);
  const point = (p) => [{ x: p.x, y: p.y, id: 1 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point(from) });
  for (let k = 1; k <= 5; k++) {
    const p = { x: from.x + ((to.x - from.x) * k) / 5, y: from.y + ((to.y - from.y) * k) / 5 };
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: point(p) });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
  // A touch during the fling that follows a drag only stops it (no tap), as on a phone: let it end.
  await page.waitForTimeout(800);
}

/** Two fingers moving apart on the map (a pinch to zoom in), through the DevTools protocol. */
async function pinch(page, centre, from, to) {
  const cdp = await page.context().newCDPSession(page);
  const points = (d) => [
    { x: centre.x - d, y: centre.y, id: 1 },
    { x: centre.x + d, y: centre.y, id: 2 },
  ];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: points(from) });
  for (let k = 1; k <= 6; k++)
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: points(from + ((to - from) * k) / 6),
    });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
  await page.waitForTimeout(800);
}

export const tests = {
  "a 5-player game on a phone, played to its end by tapping the board": async ({ server, browser }) => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const { page } = await openTableAsPerson(server, context, {
      game: "ufo",
      players: 5,
      bots: ["random", "random", "random", "random"],
      params: { max_rounds: 4 },
      viewport: PHONE,
    });
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.waitForSelector(MY_TURN, { timeout: 30000 });

    // The names on the map, as drawn, in English and in Korean.
    for (const l of ["ko", "en"]) {
      await page.click(`.lang-switch button[title="${l === "ko" ? "한국어" : "English"}"]`);
      await page.waitForTimeout(200);
      const clashes = await nameClashes(page);
      assert(!clashes.length, `${l}: map names overlap: ${clashes.join(", ")}`);
    }

    // A finger drag pans the map (and taps nothing).
    const box = await page.locator(".ufo-map").boundingBox();
    const before = await page.getAttribute(".ufo-map", "viewBox");
    const v0 = Number(await page.getAttribute("main.table", "data-version"));
    await drag(page, { x: box.x + 200, y: box.y + 300 }, { x: box.x + 80, y: box.y + 220 });
    const after = await page.getAttribute(".ufo-map", "viewBox");
    assert(after !== before, `a drag moves the map: ${before} -> ${after}`);
    assert(Number(await page.getAttribute("main.table", "data-version")) === v0, "a drag is no tap");
    // Two fingers apart zoom in (a narrower part of the board), then the whole map button shows it all again.
    const width = async () => Number((await page.getAttribute(".ufo-map", "viewBox")).split(" ")[2]);
    const w0 = await width();
    await pinch(page, { x: box.x + box.width / 2, y: box.y + box.height / 2 }, 40, 110);
    const w1 = await width();
    assert(w1 < w0 * 0.7, `a pinch zooms in: ${w0} -> ${w1} board units across`);
    await page.tap(".map-tools .whole-map");
    assert((await width()) > w0, "the whole map shows more than the map opened with");
    // The game is played from the map as it opens.
    await page.reload();
    await page.waitForSelector(MY_TURN, { timeout: 30000 });
    await page.waitForTimeout(200);

    const started = Date.now();
    let taps = 0;
    let boardTaps = 0;
    let smallest = Infinity;
    let measured = 0;
    let wholeMap = 0;
    let movesThisTurn = 0;
    let round = -1;
    let shot = false;
    let seed = 11;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
    while (Date.now() - started < 240000) {
      let s = await look(page);
      // A new round is a new turn of the person's (the bots may play theirs between two looks).
      if (s.round !== round) {
        round = s.round;
        movesThisTurn = 0;
      }
      if (s.finished) break;
      assert(s.wide <= 0, `the page scrolls sideways by ${s.wide} px in phase ${s.phase}`);
      if (!s.mine) {
        movesThisTurn = 0;
        await page.waitForFunction(
          (sel) =>
            document.querySelector("main.table")?.getAttribute("data-phase") === "finished" ||
            !!document.querySelector(sel),
          MY_TURN,
          { timeout: 60000 },
        );
        await page.waitForTimeout(120);
        continue;
      }
      let tap = null;
      let piece = null;
      let tapAt = null;
      const endButton = s.buttons.some((b) => b?.includes('"end"'));
      if (s.menu) tap = ".ufo-menu [role=menuitem]";
      else if (s.phase === "movement" && movesThisTurn >= 3 && endButton) tap = ".ufo-status .ufo-buttons button";
      else if (s.targets && s.seenTargets.length) {
        piece = `.ufo-map .space.target[data-space="${pick(s.seenTargets)}"]`;
        // Its hit area is on top of any UFO near it (Board.tsx target-hits).
        tapAt = `.ufo-map .target-hits [data-target="${piece.match(/data-space="([^"]+)"/)[1]}"]`;
        movesThisTurn++;
      } else if (s.glowSpaces && s.seenSpaces.length)
        piece = `.ufo-map .space.glow[data-space="${pick(s.seenSpaces)}"]`;
      else if (s.phase === "assist" && s.roll) tap = ".control-panel .roll";
      else if (s.glowUfos && s.seenUfos.length && !(s.phase === "movement" && movesThisTurn >= 3))
        piece = `.ufo-map .ufo.glow[data-ufo="${pick(s.seenUfos)}"]`;
      else if (s.targets || s.glowSpaces || (s.glowUfos && !(s.phase === "movement" && movesThisTurn >= 3))) {
        // The pieces to tap are outside the map's window: the whole map brings them in.
        await page.tap(".map-tools .whole-map");
        wholeMap++;
        await page.waitForTimeout(100);
        continue;
      } else if (s.roll) tap = ".control-panel .roll";
      else if (s.buttons.length) tap = ".ufo-status .ufo-buttons button";
      assert(tap || piece, `something to tap in phase ${s.phase}: ${JSON.stringify(s)}`);
      if (piece) {
        // Screenshots (docs/screenshots) once the board is full, with a UFO's flight to choose:
        // the phone, a small phone, and a laptop; then back to the phone and a fresh look.
        if (!shot && s.phase === "movement" && s.targets && s.round >= 3) {
          shot = true;
          await screenshot(page, "ufo-phone");
          for (const [size, name] of [
            [{ width: 360, height: 640 }, "ufo-phone-360"],
            [{ width: 1366, height: 768 }, "ufo-desktop"],
          ]) {
            await page.setViewportSize(size);
            await page.waitForTimeout(250);
            await screenshot(page, name);
          }
          await page.setViewportSize(PHONE);
          await page.waitForTimeout(250);
          continue;
        }
        const size = await hitSize(page, piece);
        const zoomedOut = await page.locator(".map-tools .whole-map").isDisabled();
        if (size && !zoomedOut) {
          smallest = Math.min(smallest, size.w, size.h);
          measured++;
        }
      }
      if (piece && (await page.locator(".ufo-map-window.zoomed-out").count())) {
        // Zoomed out past the tap zoom: the tap brings the map to the tap zoom around the piece
        // (MapView.tsx), where the next round of the loop taps it.
        await page.tap(tapAt ?? `${piece} .hit`, { timeout: 5000 });
        await page.waitForTimeout(150);
        assert(!(await page.locator(".ufo-map-window.zoomed-out").count()), "a tap on the whole map zooms it in");
        taps++;
        continue;
      }
      const was = { version: s.version, selected: s.selected, menu: s.menu, acted: !!s.menu };
      try {
        // A piece is tapped on its hit area (the piece's group also holds its name, drawn beside it).
        await page.tap(tapAt ?? (piece ? `${piece} .hit` : tap), { timeout: 5000 });
      } catch (e) {
        await screenshot(page, "phone-ufo-failed-tap");
        throw new Error(`tapping ${piece ?? tap} in ${JSON.stringify(s)}: ${String(e).slice(0, 1200)}`, { cause: e });
      }
      taps++;
      if (piece) boardTaps++;
      await settle(page, was).catch(async (e) => {
        await screenshot(page, "phone-ufo-no-change");
        const under = await page.evaluate(
          (sel) => {
            const r = document.querySelector(sel)?.getBoundingClientRect();
            if (!r) return "gone";
            const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return `${e?.outerHTML.slice(0, 200)} in ${e?.parentElement?.outerHTML.slice(0, 300)}`;
          },
          tapAt ?? (piece ? `${piece} .hit` : tap),
        );
        console.log("under the finger:", under);
        throw new Error(`nothing changed after tapping ${tapAt ?? piece ?? tap} in ${JSON.stringify(s)}`, { cause: e });
      });
    }
    const end = await look(page);
    assert(end.finished, `the game ended within the time (${taps} taps, ${boardTaps} on the board)`);
    assert(shot, "the screenshots were taken in round 3 or later");
    assert(boardTaps >= 10, `most taps were on the board: ${boardTaps} of ${taps}`);
    assert(measured >= 10, `pieces tapped at the zoom the map opened or followed at: ${measured}`);
    assert(smallest >= 44, `every piece tapped at the map's own zoom had a hit area of 44 px or more: ${smallest}`);
    assert(!errors.length, `no script errors: ${errors.join("; ")}`);
    await page.waitForSelector(".end-screen .ufo-result");
    const rows = await page.locator(".ufo-result tbody tr").count();
    assert(rows === 5, `the result shows the five players (${rows} rows)`);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert(wide <= 0, `the end screen scrolls sideways by ${wide} px`);
    console.log(
      `     phone-ufo: ${taps} taps, ${boardTaps} on the board, smallest hit ${smallest.toFixed(1)} px over ${measured}, ${wholeMap} whole-map`,
    );
    await context.close();
  },
  "the whole map on 360 and 390 px phones: no city name cut, then the next decision at the play zoom (every target 44 px)":
    async ({ server, browser }) => {
      for (const viewport of [{ width: 360, height: 640 }, PHONE]) {
        const context = await browser.newContext({ viewport, isMobile: true, hasTouch: true });
        const { page } = await openTableAsPerson(server, context, { game: "ufo", players: 5, viewport });
        await page.waitForSelector(`${MY_TURN} .ufo-map .hit`, { timeout: 30000 });
        await page.tap(".map-tools .whole-map");
        await page.waitForTimeout(300);
        // Every name on the map drawn whole inside the map's window.
        const cut = await page.evaluate(() => {
          const m = document.querySelector(".ufo-map").getBoundingClientRect();
          return [...document.querySelectorAll(".ufo-map text")]
            .filter((t) => t.textContent.trim().length > 2)
            .map((t) => [t.textContent.trim(), t.getBoundingClientRect()])
            .filter(
              ([, b]) =>
                b.width > 0 &&
                (b.left < m.left - 0.5 || b.right > m.right + 0.5 || b.top < m.top - 0.5 || b.bottom > m.bottom + 0.5),
            )
            .map(
              ([n, b]) =>
                `${n} (${b.left.toFixed(0)} to ${b.right.toFixed(0)} in ${m.left.toFixed(0)} to ${m.right.toFixed(0)})`,
            );
        });
        await screenshot(page, `phone-ufo-whole-map-${viewport.width}`);
        assert(!cut.length, `${viewport.width}: names cut at the map's edges: ${cut.join(", ")}`);
        // The next decision: the map is back at the zoom where pieces are tapped.
        const before = await version(page);
        await page.locator(".action-bar .choices button:not([disabled])").first().tap();
        await waitVersionAbove(page, before, 30000);
        await page.waitForSelector(`${MY_TURN} .ufo-map .hit`, { timeout: 30000 });
        await page.waitForTimeout(300);
        const small = await page.evaluate(() =>
          [...document.querySelectorAll(".ufo-map .hit")]
            .map((e) => e.getBoundingClientRect())
            .filter((r) => r.width < 43.5 || r.height < 43.5)
            .map((r) => `${r.width.toFixed(0)}x${r.height.toFixed(0)}`),
        );
        assert(!small.length, `${viewport.width}: targets under 44 px at the next decision: ${small.join(", ")}`);
        assert(!(await page.locator(".map-tools .whole-map").isDisabled()), "the whole map is offered again");
        await context.close();
      }
    },
};
