// "Learn to play" in the browser: for each game, the guided first game
// started from the game's card on the home page, every suggestion followed
// (the highlighted choice clicked) until the guide says its part is over,
// checking at each step the panel's text, its rule link and that exactly one
// choice is highlighted; once, a free deviation (another choice than the
// suggested one) and the "what you did instead" text. Writes guide-*
// screenshots (desktop and phone).
import { DESKTOP, PHONE, assert, learn, screenshot, version, waitVersionAbove } from "./lib.mjs";

const SUGGESTED = ".side .choices button[data-suggested]";
const READY = `${SUGGESTED}:not([disabled])`;

/** What the guide's panel says now. */
async function panel(page) {
  return page.evaluate(() => {
    const p = document.querySelector(".guide-panel");
    if (!p) return null;
    return {
      step: Number(p.getAttribute("data-step")),
      steps: Number(p.getAttribute("data-steps")),
      part: Number(p.getAttribute("data-part")),
      parts: Number(p.getAttribute("data-parts")),
      over: p.getAttribute("data-over") === "true",
      text: p.querySelector(".guide-text")?.textContent?.trim() ?? "",
      instead: p.querySelector(".guide-instead p")?.textContent?.trim() ?? "",
      rule: p.querySelector("a.guide-rule")?.getAttribute("href") ?? "",
      stepLabel: p.querySelector(".guide-step")?.textContent ?? "",
    };
  });
}

/** Waits until the person has the suggested choice to click, or the guided part is over. */
async function nextDecision(page, timeout = 60000) {
  try {
    await page.waitForSelector(`${READY}, .guide-panel[data-over="true"]`, { timeout });
  } catch (e) {
    const g = await panel(page);
    const n = await page.locator(".side .choices button").count();
    throw new Error(`no suggestion to follow and the guide is not over: ${JSON.stringify(g)}, ${n} choices`, {
      cause: e,
    });
  }
  return panel(page);
}

/** Checks one guided step: a text, a rule link to the game's rules, exactly one highlighted choice. */
async function checkStep(page, game, g) {
  assert(g.text.length > 0, `step ${g.step}: the panel has a text`);
  assert(g.rule.startsWith(`#/rules/${game}/`), `step ${g.step}: a link to a rule of ${game} (${g.rule})`);
  assert(g.stepLabel === `Step ${g.step + 1} of ${g.steps}`, `step label "${g.stepLabel}"`);
  const n = await page.locator(SUGGESTED).count();
  assert(n === 1, `step ${g.step}: exactly one highlighted choice (${n})`);
  assert(
    (await page.locator(`${SUGGESTED} .tag.suggested`).textContent()) === "suggested",
    "the highlighted choice is labelled",
  );
}

async function click(page, selector) {
  const before = await version(page);
  await page.click(selector);
  await waitVersionAbove(page, before, 30000);
}

/** Follows every suggestion to the end of the guided part; returns the steps seen and how many were on the board too. */
async function followGuide(page, game, { shots } = {}) {
  const seen = [];
  let onBoard = 0;
  for (let i = 0; ; i++) {
    assert(i < 200, "the guided part ends within 200 decisions");
    const g = await nextDecision(page);
    if (g.over) {
      assert(g.step >= g.steps, `over means step >= steps (${g.step}/${g.steps})`);
      assert(g.text.length > 0, "the last words say the guided part is over");
      return { seen, onBoard, last: g };
    }
    await checkStep(page, game, g);
    assert(g.instead === "", `no "instead" while following the suggestions (${g.instead})`);
    if ((await page.locator(".board-area .guide-suggested").count()) > 0) onBoard++;
    seen.push(g.step);
    if (shots && g.step === shots.at) await shots.take(page);
    await click(page, READY);
  }
}

/** The desktop screenshot and the phone one of the same step (the panel at the top of the phone's screen). */
async function guideShots(page, name) {
  await page.waitForTimeout(400);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await page.evaluate(() => document.querySelector(".guide-panel")?.scrollIntoView({ block: "start" }));
  await page.waitForTimeout(300);
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
  await page.evaluate(() => window.scrollTo(0, 0));
}

function guideTest(game, at) {
  return async ({ server, browser }) => {
    const { context, page } = await learn(server, browser, game);
    for (let part = 0; ; part++) {
      const first = await panel(page);
      assert(first.steps > 0, `the guide of ${game} has steps (${first.steps})`);
      assert(first.part === part, `part ${part + 1} is on the table (${first.part + 1})`);
      const { seen, onBoard, last } = await followGuide(page, game, {
        shots: part === 0 ? { at, take: (p) => guideShots(p, `guide-${game}`) } : undefined,
      });
      assert(seen.length === last.steps, `every step was a decision: ${seen.length} of ${last.steps}`);
      console.log(
        `     ${game}, part ${part + 1} of ${last.parts}: ${seen.length} guided steps, ${onBoard} on the board too`,
      );
      await screenshot(page, `guide-${game}-over${last.parts > 1 ? `-${part + 1}` : ""}`);
      const next = page.locator(".guide-panel .learn-button");
      if (part + 1 === last.parts) {
        assert((await next.count()) === 0, "no next part after the last one");
        break;
      }
      // The next part is a table of its own: the button makes it and opens it.
      const table = new URL(page.url()).hash;
      await next.click();
      await page.waitForFunction(
        ([old, p]) =>
          location.hash !== old && document.querySelector(".guide-panel")?.getAttribute("data-part") === String(p),
        [table, part + 1],
        { timeout: 30000 },
      );
    }
    await context.close();
  };
}

export const tests = {
  "Ufo!: Learn to play, every suggestion followed": guideTest("ufo", 2),
  "First Giants: Learn to play, every suggestion followed": guideTest("first-giants", 2),
  "First Contact: Learn to play, every suggestion followed": guideTest("first-contact", 1),

  "First Giants: the rule link opens the rules at its section, the table stays": async ({ server, browser }) => {
    const { context, page } = await learn(server, browser, "first-giants");
    const g = await nextDecision(page);
    assert(!g.over && g.rule, "a first step with a rule");
    const [rules] = await Promise.all([context.waitForEvent("page"), page.click(".guide-panel a.guide-rule")]);
    const section = g.rule.split("/").pop();
    await rules.waitForSelector(`main.rules #rules-${section}`, { timeout: 15000 });
    assert((await page.locator(".guide-panel").count()) === 1, "the table is still open in its tab");
    await context.close();
  },

  "First Giants: a free deviation, then the guide tells what happened and the game goes on": async ({
    server,
    browser,
  }) => {
    const { context, page } = await learn(server, browser, "first-giants", PHONE);
    const g = await nextDecision(page);
    assert(!g.over, "a first guided step");
    const other = ".side .choices button:not([data-suggested]):not([disabled])";
    assert((await page.locator(other).count()) > 0, "another choice than the suggestion");
    const words = (await page.locator(other).first().textContent()).trim();
    await click(page, `${other} >> nth=0`);
    await page.waitForSelector(".guide-instead", { timeout: 30000 });
    const after = await panel(page);
    assert(after.instead.length > 0, `the "instead" text tells what happened after "${words}"`);
    console.log(`     instead: ${after.instead}`);
    await page.evaluate(() => document.querySelector(".guide-panel")?.scrollIntoView({ block: "start" }));
    await screenshot(page, "guide-instead-phone");
    // The game goes on: the person decides again (the first choice each time) and the table moves.
    const v0 = await version(page);
    for (let i = 0; i < 3; i++) {
      await page.waitForSelector(".side .choices button:not([disabled])", { timeout: 30000 });
      await click(page, ".side .choices li:first-child button");
    }
    assert((await version(page)) > v0, "the table moves on after the deviation");
    assert((await page.locator(".guide-panel").count()) === 1, "the guide's panel stays");
    await context.close();
  },
};
