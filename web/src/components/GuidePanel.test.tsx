// "Learn to play": the guide's panel (text, what the person did instead, the
// step, the rule link), the suggested choice found among the choices, and
// its highlight on the board.
import { cleanup, render, screen, waitFor } from "@testing-library/preact";
import { useRef } from "preact/hooks";
import { afterEach, describe, expect, it } from "vitest";
import { GuidePanel, SUGGESTED_CLASS, jsonEqual, suggestedChoice, useBoardHighlight } from "./GuidePanel";
import { lang } from "../i18n";
import type { Choice, Guide } from "../protocol";

// Each test starts in English, with nothing drawn.
afterEach(() => {
  cleanup();
  lang.value = "en";
});

const choices: Choice[] = [
  { action: 3, json: { site: 0, take: "left" }, words: "dig at site 1, take the left card" },
  { action: 7, json: { take: "right", site: 1 }, words: "dig at site 2, take the right card" },
  { action: 9, json: { reclaim: true }, words: "reclaim your pawns" },
];

const guide = (more: Partial<Guide> = {}): Guide => ({
  step: 2,
  steps: 11,
  part: 0,
  parts: 1,
  on_script: true,
  text: "Dig: put a pawn on a dig site and take one of its cards.",
  rules: "your-turn",
  suggestion: { site: 1, take: "right" },
  instead: "",
  ...more,
});

describe("the suggestion among the choices", () => {
  it("compares JSON forms deeply, keys in any order", () => {
    expect(jsonEqual({ a: [1, { b: null }], c: "x" }, { c: "x", a: [1, { b: null }] })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual(3, 3)).toBe(true);
  });

  it("finds the choice whose json is the suggestion; none without a suggestion or a guide", () => {
    expect(suggestedChoice(choices, guide())?.action).toBe(7);
    expect(suggestedChoice(choices, guide({ suggestion: null }))).toBeNull();
    expect(suggestedChoice(choices, guide({ suggestion: { site: 4 } }))).toBeNull();
    expect(suggestedChoice(choices, undefined)).toBeNull();
  });
});

describe("the guide's panel", () => {
  it("shows the text, the step, the rule link and the suggestion", () => {
    render(<GuidePanel guide={guide()} game="first-giants" mustAct suggested={choices[1]} />);
    const panel = document.querySelector(".guide-panel")!;
    expect(panel.textContent).toContain("Dig: put a pawn on a dig site");
    expect(panel.textContent).toContain("Step 3 of 11");
    const link = screen.getByRole("link", { name: /Read this rule/ });
    expect(link.getAttribute("href")).toBe("#/rules/first-giants/your-turn");
    expect(panel.querySelector(".guide-suggestion")?.textContent).toContain("dig at site 2, take the right card");
    expect(panel.querySelector(".guide-instead")).toBeNull();
  });

  it("shows what the person did instead, apart from the text", () => {
    render(
      <GuidePanel
        guide={guide({ instead: "You reclaimed your pawns: the bot digs next.", suggestion: null, on_script: false })}
        game="ufo"
        mustAct
        suggested={null}
      />,
    );
    const instead = document.querySelector(".guide-instead")!;
    expect(instead.textContent).toContain("What you did instead");
    expect(instead.textContent).toContain("You reclaimed your pawns");
    expect(document.querySelector(".guide-text")?.textContent).toContain("Dig:");
    expect(document.querySelector(".guide-suggestion")).toBeNull();
  });

  it("has no rule link without a section, and says to watch while the others play", () => {
    render(<GuidePanel guide={guide({ text: "", rules: "" })} game="ufo" mustAct={false} suggested={null} />);
    expect(screen.queryByRole("link")).toBeNull();
    expect(document.querySelector(".guide-text")?.textContent).toContain("The others are playing");
  });

  it("says when the guided part is over", () => {
    render(
      <GuidePanel
        guide={guide({ step: 11, text: "That was the guided part.", suggestion: null })}
        game="ufo"
        mustAct
        suggested={null}
      />,
    );
    const panel = document.querySelector(".guide-panel")!;
    expect(panel.getAttribute("data-over")).toBe("true");
    expect(panel.textContent).toContain("Guided part over");
    expect(panel.textContent).toContain("That was the guided part.");
  });

  it("follows the language", () => {
    lang.value = "it";
    render(<GuidePanel guide={guide()} game="ufo" mustAct suggested={choices[1]} />);
    expect(document.querySelector(".guide-step")?.textContent).toBe("Passo 3 di 11");
    expect(screen.getByRole("link").textContent).toContain("Leggi questa regola");
  });
});

describe("the board's highlight", () => {
  function Board({ suggested, extra }: { suggested: Choice | null; extra?: boolean }) {
    const ref = useRef<HTMLDivElement>(null);
    useBoardHighlight(ref, suggested);
    return (
      <div ref={ref}>
        <button data-action="3">a</button>
        <button data-action="7" class="piece">
          b
        </button>
        <button data-json={JSON.stringify(choices[1].json)}>c</button>
        {extra && <button data-action="9">d</button>}
        <span data-actions="1 7 12">e</span>
      </div>
    );
  }

  it("marks the elements carrying the suggested action (alone or among others) or its JSON form, and unmarks them after", async () => {
    const { rerender } = render(<Board suggested={choices[1]} />);
    const marked = () => [...document.querySelectorAll(`.${SUGGESTED_CLASS}`)].map((e) => e.textContent);
    expect(marked()).toEqual(["b", "c", "e"]);
    rerender(<Board suggested={choices[2]} extra />);
    await waitFor(() => expect(marked()).toEqual(["d"]));
    rerender(<Board suggested={null} />);
    expect(marked()).toEqual([]);
  });
});
