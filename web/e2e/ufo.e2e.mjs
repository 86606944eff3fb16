// Ufo!: a scripted person plays a whole game against bots by clicking the
// pieces on the map (cities, UFOs, highlighted spaces) and the buttons next
// to it, never the side list of choices, until the end screen shows.
import { DESKTOP, PHONE, assert, openTableAsPerson, screenshot } from "./lib.mjs";

const MY_TURN = '.ufo-screen[data-my-turn="true"]';

/** What the person sees now, read from the page as a person would (what glows, what is highlighted). */
async function look(page) {
  return page.evaluate(() => {
    const screen = document.querySelector(".ufo-screen");
    const q = (s) => [...document.querySelectorAll(s)];
    return {
      finished: document.querySelector("main.table")?.getAttribute("data-phase") === "finished",
      mine: screen?.getAttribute("data-my-turn") === "true",
      phase: screen?.getAttribute("data-phase") ?? "",
      round: Number(screen?.getAttribute("data-round") ?? 0),
      version: Number(document.querySelector("main.table")?.getAttribute("data-version") ?? -1),
      selected: document.querySelector(".ufo-map")?.getAttribute("data-selected") ?? "",
      menu: q(".ufo-menu [role=menuitem]").length,
      targets: q(".ufo-map .space.target").map((e) => e.getAttribute("data-space")),
      glowCities: q(".ufo-map .space.glow").map((e) => e.getAttribute("data-space")),
      glowUfos: q(".ufo-map .ufo.glow").map((e) => e.getAttribute("data-ufo")),
      buttons: q(".ufo-status .ufo-buttons button").map((e) => e.getAttribute("data-json")),
      roll: !!document.querySelector(".control-panel .roll"),
      listMoves: q(".side .choices button").map((b) => b.textContent ?? ""),
      prompt: document.querySelector(".ufo-status .prompt")?.textContent ?? "",
    };
  });
}

/**
 * Waits until the page changed after a click: a new version, a selection, a menu. A menu's item is an
 * action: the menu closes at once, before the server answers, so only a new version counts then.
 */
async function settle(page, before) {
  await page.waitForFunction(
    (b) => {
      const v = Number(document.querySelector("main.table")?.getAttribute("data-version") ?? -1);
      if (b.acted) return v > b.version;
      const sel = document.querySelector(".ufo-map")?.getAttribute("data-selected") ?? "";
      const menu = document.querySelectorAll(".ufo-menu [role=menuitem]").length;
      return v > b.version || sel !== b.selected || menu !== b.menu;
    },
    before,
    { timeout: 20000 },
  );
}

const pickOne = (xs, rnd) => xs[Math.floor(rnd() * xs.length)];

export const tests = {
  "the wheel scrolls the page over the map until the map is clicked; then it zooms; arrow keys pan the focused map":
    async ({ server, browser }) => {
      const context = await browser.newContext({ viewport: { width: 1366, height: 600 } });
      const { page } = await openTableAsPerson(server, context, { game: "ufo", players: 2, bots: ["heuristic"] });
      await page.waitForSelector(MY_TURN);
      const vb = () => page.getAttribute(".ufo-map", "viewBox");
      const scrollY = () => page.evaluate(() => window.scrollY);
      assert(
        await page.evaluate(() => document.documentElement.scrollHeight > innerHeight + 100),
        "the page is taller than the window (else there is no page scroll to keep)",
      );
      const box = await page.locator(".ufo-map").boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + 40);
      const [v0, y0] = [await vb(), await scrollY()];
      await page.mouse.wheel(0, 200);
      await page.waitForTimeout(400);
      assert((await scrollY()) > y0, "the wheel over the map, not clicked, scrolls the page");
      assert((await vb()) === v0, "and leaves the map as it was");
      // Ctrl+wheel (a touchpad's pinch) zooms it.
      await page.keyboard.down("Control");
      await page.mouse.wheel(0, -200);
      await page.keyboard.up("Control");
      await page.waitForTimeout(300);
      const v1 = await vb();
      assert(v1 !== v0, "Ctrl+wheel zooms the map");
      // A click on the map's sea (its top left corner, or the window's top where the page scrolled
      // the map's own top out of sight) focuses it: the wheel then zooms it, the page stays.
      const at = await page.locator(".ufo-map").boundingBox();
      await page.mouse.click(at.x + 4, Math.max(at.y, 0) + 4);
      assert(
        await page.evaluate(() => document.activeElement?.classList.contains("ufo-map")),
        "the click focused the map",
      );
      const y1 = await scrollY();
      await page.mouse.move(at.x + at.width / 2, at.y + 40);
      await page.mouse.wheel(0, -300);
      await page.waitForTimeout(300);
      const v2 = await vb();
      assert(v2 !== v1 && (await scrollY()) === y1, `the clicked map zooms and the page stays (${v1} -> ${v2})`);
      // The focused map: an arrow key pans it, + zooms it.
      await page.keyboard.press("ArrowLeft");
      const v3 = await vb();
      assert(Number(v3.split(" ")[0]) < Number(v2.split(" ")[0]), `ArrowLeft pans the map left (${v2} -> ${v3})`);
      await page.keyboard.press("+");
      const v4 = await vb();
      assert(Number(v4.split(" ")[2]) < Number(v3.split(" ")[2]), "+ zooms in");
      // Tab goes on to the map's pieces, whose arrow keys do not move the map.
      await page.keyboard.press("Tab");
      assert(
        await page.evaluate(() => !!document.activeElement?.closest(".ufo-map [role=button]")),
        "Tab from the map reaches a piece on it",
      );
      const v5 = await vb();
      await page.keyboard.press("ArrowRight");
      assert((await vb()) === v5, "an arrow key on a piece leaves the map where it is");
      await context.close();
    },

  "a person plays a whole game by clicking the map": async ({ server, browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page } = await openTableAsPerson(server, context, {
      game: "ufo",
      players: 2,
      bots: ["heuristic"],
      params: { max_rounds: 5 },
    });
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    await page.waitForSelector(".ufo-map");
    await page.waitForSelector(MY_TURN);
    let s = await look(page);
    assert(s.phase === "setup", "the game starts with setup");
    assert(s.glowCities.length >= 2, "cities to place the first UFOs glow");
    assert(s.prompt.includes("city"), `the prompt tells what to do: ${s.prompt}`);
    // The keyboard reaches the pieces: the first placement with Tab focus and Enter.
    const first = s.version;
    await page.focus(".ufo-map .space.glow");
    await page.keyboard.press("Enter");
    await page.waitForFunction(
      (v) => Number(document.querySelector("main.table")?.getAttribute("data-version")) > v,
      first,
    );
    assert((await page.locator(".ufo-map .ufo[data-owner='0']").count()) === 2, "two UFOs of the person on the map");
    // The language switch changes the map's names, the phase and the prompt.
    await page.waitForSelector(MY_TURN);
    const enPrompt = await page.textContent(".ufo-status .prompt");
    await page.click('.lang-switch button[title="Italiano"]');
    await page.waitForFunction(() =>
      [...document.querySelectorAll(".ufo-map .city-name")].some((e) => e.textContent?.trim() === "Roma"),
    );
    const itPrompt = await page.textContent(".ufo-status .prompt");
    assert(itPrompt !== enPrompt && itPrompt.includes("clicca"), `the prompt in Italian: ${itPrompt}`);
    await page.click('.lang-switch button[title="English"]');
    await page.waitForFunction(() =>
      [...document.querySelectorAll(".ufo-map .city-name")].some((e) => e.textContent?.trim() === "Rome"),
    );
    const started = Date.now();
    let clicks = 0;
    let movesThisTurn = 0;
    let shot = false;
    let shotRound = 0;
    let phoneClick = false;
    let selections = 0;
    while (Date.now() - started < 85000) {
      s = await look(page);
      if (s.finished) break;
      if (!s.mine) {
        movesThisTurn = 0;
        await page.waitForFunction(
          (sel) =>
            document.querySelector("main.table")?.getAttribute("data-phase") === "finished" ||
            !!document.querySelector(sel),
          MY_TURN,
          { timeout: 30000 },
        );
        continue;
      }
      let click = null;
      const endButton = s.buttons.some((b) => b?.includes('"end"'));
      if (s.menu) click = ".ufo-menu [role=menuitem]";
      else if (s.phase === "movement" && movesThisTurn >= 4 && endButton) click = ".ufo-status .ufo-buttons button";
      else if (s.targets.length) {
        // A UFO is selected: the highlighted spaces are exactly its legal destinations.
        const ufo = s.selected;
        const moves = s.listMoves.filter((w) => /^(move|push) /.test(w) && w.includes(`UFO ${ufo} `));
        assert(
          moves.length === s.targets.length,
          `UFO ${ufo}: ${s.targets.length} highlighted spaces for ${moves.length} moves in the list`,
        );
        // Screenshots of the latest of rounds 2 to 4 the person flies in (the map fuller each round).
        if (s.phase === "movement" && s.round >= 2 && s.round <= 4 && s.round > shotRound) {
          shot = true;
          shotRound = s.round;
          await screenshot(page, "ufo-2p-desktop");
          const wide = await page.getAttribute(".ufo-map", "viewBox");
          await page.setViewportSize(PHONE);
          await page.waitForTimeout(150);
          await screenshot(page, "ufo-2p-phone");
          // On the phone the map comes closer to the selected UFO and its destinations; the person flies by touch there.
          const close = await page.getAttribute(".ufo-map", "viewBox");
          assert(Number(close.split(" ")[2]) < Number(wide.split(" ")[2]), `phone close-up: ${close} within ${wide}`);
          phoneClick = true;
        }
        // The destination's hit area, drawn above any UFO near it (Board.tsx target-hits).
        click = `.ufo-map .target-hits [data-target="${pickOne(s.targets, rnd)}"]`;
        movesThisTurn++;
      } else if (s.glowCities.length) click = `.ufo-map .space.glow[data-space="${pickOne(s.glowCities, rnd)}"] .hit`;
      else if (s.phase === "assist" && s.roll) click = ".control-panel .roll";
      else if (s.glowUfos.length && !(s.phase === "movement" && movesThisTurn >= 3)) {
        click = `.ufo-map .ufo.glow[data-ufo="${pickOne(s.glowUfos, rnd)}"] .hit`;
        selections++;
      } else if (s.roll) click = ".control-panel .roll";
      else if (s.buttons.length) click = ".ufo-status .ufo-buttons button";
      assert(click, `something to click in phase ${s.phase}: ${JSON.stringify(s)}`);
      const before = { version: s.version, selected: s.selected, menu: s.menu, acted: !!s.menu };
      try {
        await page.click(click, { timeout: 5000 });
      } catch (e) {
        await screenshot(page, "ufo-failed-click");
        const seen = { ...s, listMoves: undefined };
        throw new Error(`clicking ${click} in ${JSON.stringify(seen)}: ${String(e).slice(0, 1500)}`, { cause: e });
      }
      clicks++;
      // A click that changed nothing says what it was and what the page showed before and after.
      await settle(page, before).catch(async (e) => {
        await screenshot(page, "ufo-no-change");
        const after = { ...(await look(page)), listMoves: undefined };
        throw new Error(
          `nothing changed after clicking ${click} in ${JSON.stringify({ ...s, listMoves: undefined })}; now ${JSON.stringify(after)}`,
          { cause: e },
        );
      });
      if (phoneClick) {
        phoneClick = false;
        await page.setViewportSize(DESKTOP);
      }
    }
    s = await look(page);
    assert(s.finished, `the game ended within the time (${clicks} clicks)`);
    assert(shot, "a mid-game screenshot was taken with a UFO selected");
    assert(selections > 0, "the person flew UFOs by clicking them");
    assert(!errors.length, `no script errors: ${errors.join("; ")}`);
    await page.waitForSelector(".end-screen .ufo-result");
    const rows = await page.locator(".ufo-result tbody tr").count();
    assert(rows === 2, `the result shows both players' cities and points (${rows} rows)`);
    await screenshot(page, "ufo-end");
    await context.close();
  },
};
