// The pictures' licence (CC-BY 4.0) is credited in every language, with links.
import { cleanup, render } from "@testing-library/preact";
import { afterEach, describe, expect, it } from "vitest";
import { setLang } from "../i18n";
import { LICENCE_URL, PictureCredit, TWEMOJI_URL } from "./PictureCredit";

afterEach(() => {
  cleanup();
  setLang("en");
});

describe("the pictures' credit", () => {
  for (const l of ["en", "it", "ko"] as const)
    it(`names Twemoji, its authors and the licence, with links (${l})`, () => {
      setLang(l);
      const { container } = render(<PictureCredit />);
      const p = container.querySelector(".picture-credit")!;
      expect(p.textContent).toContain("Twemoji");
      expect(p.textContent).toContain("Twitter, Inc.");
      expect(p.textContent).toContain("CC-BY 4.0");
      expect(p.textContent).not.toContain("\u0000");
      expect([...p.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual([TWEMOJI_URL, LICENCE_URL]);
    });
});
