// scratch (not committed): look at the new screens with the account routes mocked
import { launchBrowser, startServer } from "./lib.mjs";
import { axeViolations } from "./a11y.e2e.mjs";
const server = await startServer();
const browser = await launchBrowser();
const me = { name: "Anna", hidden: false, created: Date.UTC(2026, 0, 15) };
const profile = {
  name: "Anna",
  created: Date.UTC(2026, 0, 15),
  games: {
    "first-contact": { played: 4, wins: 2, rating: { rating: 1540, rd: 120, volatility: 0.06, games: 3 } },
    "first-giants": { played: 0, wins: 0, rating: null },
    ufo: { played: 7, wins: 3, rating: { rating: 1620.4, rd: 80.2, volatility: 0.06, games: 5 } },
  },
  finished: [
    {
      table: "t9",
      game: "ufo",
      title: "Ufo!",
      players: 3,
      seat: 1,
      seats: ["Ben", "Anna", "ismcts:hard"],
      result: { winners: [1], score: [3, 8, 5] },
      won: true,
      ended: Date.now() - 3600e3,
      rated: true,
    },
    {
      table: "t8",
      game: "first-contact",
      title: "First Contact",
      players: 2,
      seat: 0,
      seats: ["Anna", "a former player"],
      result: { winners: [1], score: [0, 1] },
      won: false,
      ended: Date.now() - 86400e3 * 3,
      rated: false,
    },
  ],
};
for (const lang of ["en", "it", "ko"]) {
  for (const [vw, vh] of [[360, 740]]) {
    const ctx = await browser.newContext({ viewport: { width: vw, height: vh } });
    await ctx.addInitScript((l) => localStorage.setItem("meeple.lang", l), lang);
    await ctx.route("**/api/account", (r) => r.fulfill({ json: me }));
    await ctx.route("**/api/account/seats", (r) => r.fulfill({ json: { seats: [] } }));
    await ctx.route("**/api/account/claim", (r) => r.fulfill({ json: { claimed: 0 } }));
    await ctx.route("**/api/account/friends", (r) =>
      r.fulfill({ json: { friends: [{ name: "Ben", online: true }, { name: "김민수" }] } }),
    );
    await ctx.route("**/api/players/Anna", (r) => r.fulfill({ json: profile }));
    const page = await ctx.newPage();
    for (const [hash, name] of [
      ["#/players/Anna", "profile"],
      ["#/play/ufo", "playnow"],
      ["#/account", "account"],
      ["#/new/ufo", "new"],
      ["#/", "home"],
    ]) {
      await page.goto(`${server.url}/${hash}`);
      await page.waitForTimeout(700);
      await page.screenshot({ path: `/tmp/webshots/${name}-${lang}-${vw}.png`, fullPage: true });
      const v = (await axeViolations(page)).filter((x) => x.impact === "serious" || x.impact === "critical");
      if (v.length) console.log(name, lang, JSON.stringify(v, null, 1));
      const over = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      if (over > 0) console.log(name, lang, "too wide by", over);
    }
    await ctx.close();
  }
}
// signed out account page
const ctx = await browser.newContext({ viewport: { width: 360, height: 740 } });
const page = await ctx.newPage();
await page.goto(`${server.url}/#/account`);
await page.waitForTimeout(700);
await page.screenshot({ path: `/tmp/webshots/signin-en-360.png`, fullPage: true });
console.log("signin", JSON.stringify((await axeViolations(page)).filter((x) => x.impact === "serious" || x.impact === "critical")));
await browser.close();
await server.stop?.();
process.exit(0);
