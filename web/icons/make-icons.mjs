/* global Buffer, process */
// Draws meeple's app icons (a meeple on the header's dark blue) and writes
// them to web/public: icon.svg, and the PNGs a phone's home screen needs
// (web app manifest in vite.config.ts): 192 and 512 px with rounded corners
// ("any"), and a 512 px maskable one whose meeple stays inside the central
// circle (radius 40%) every launcher's mask keeps. The PNGs are rendered by
// Debian's Chromium through playwright-core. Run from web/ after changing
// the drawing: `node icons/make-icons.mjs`; the output is committed.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const publicDir = join(dirname(fileURLToPath(import.meta.url)), "../public");
const BLUE = "#1d2b3a"; // the header's colour and the manifest's theme_color
const GOLD = "#e0a030"; // the brand meeple in the header

// The meeple in a 100x100 box: head, arms out, legs apart.
const MEEPLE =
  "M50 2C60 2 67 10 67 20C67 26 64 31 60 34L84 40C94 43 98 48 98 54C98 60 93 62 86 61L70 58" +
  "L80 94C81 98 78 100 74 100L61 100C58 100 56 98 55 95L50 78L45 95C44 98 42 100 39 100L26 100" +
  "C22 100 19 98 20 94L30 58L14 61C7 62 2 60 2 54C2 48 6 43 16 40L40 34C36 31 33 26 33 20" +
  "C33 10 40 2 50 2Z";

/** An icon of 512x512 units: the meeple `size` units wide, centred; `radius`: the corners'. */
function icon({ size, radius }) {
  const at = (512 - size) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">` +
    `<rect width="512" height="512" rx="${radius}" fill="${BLUE}"/>` +
    `<path transform="translate(${at} ${at}) scale(${size / 100})" fill="${GOLD}" d="${MEEPLE}"/>` +
    `</svg>\n`
  );
}

// "any": the meeple fills most of a rounded square. Maskable: full bleed,
// the meeple's whole box within the safe circle (radius 0.4 * 512 = 205
// units): a 280-unit box's corners are 140 * √2 = 198 units from the centre.
const any = icon({ size: 360, radius: 96 });
const maskable = icon({ size: 280, radius: 0 });
writeFileSync(join(publicDir, "icon.svg"), any);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
try {
  const page = await browser.newPage();
  for (const [name, svg, px] of [
    ["icon-192.png", any, 192],
    ["icon-512.png", any, 512],
    ["icon-maskable-512.png", maskable, 512],
  ]) {
    await page.setViewportSize({ width: px, height: px });
    const url = "data:image/svg+xml;base64," + Buffer.from(svg).toString("base64");
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${url}" width="${px}" height="${px}"></body></html>`,
    );
    await page.locator("img").screenshot({ path: join(publicDir, name), omitBackground: true });
  }
} finally {
  await browser.close();
}
