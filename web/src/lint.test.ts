// The lint rule against assertions that cannot fail (eslint.config.js,
// GET_BY_ALWAYS_PASSES): a getBy query throws when nothing matches, so
// expect(getBy...(...)).toBeTruthy() passes whenever it is reached.
import { join } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const WEB = join(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: WEB });

/** The lines of this test code that the rule refuses. */
async function refusedLines(code: string): Promise<number[]> {
  const head = 'import { expect } from "vitest";\nimport { screen, within } from "@testing-library/preact";\n';
  const [result] = await eslint.lintText(head + code, { filePath: join(WEB, "src/components/Example.test.tsx") });
  return result.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.line - 2);
}

describe("the lint rule against getBy... assertions that cannot fail", () => {
  it("refuses toBeTruthy, toBeDefined, not.toBeNull and not.toBeUndefined on a getBy or getAllBy, over several lines too", async () => {
    const code = [
      'expect(screen.getByText("a")).toBeTruthy();',
      'expect(screen.getAllByRole("button")).toBeDefined();',
      'expect(within(document.body).getByLabelText("a")).not.toBeNull();',
      'expect(screen.getByRole("dialog")).not.toBeUndefined();',
      "expect(",
      '  screen.getByText("b"),',
      ").toBeTruthy();",
    ].join("\n");
    expect(await refusedLines(code)).toEqual([1, 2, 3, 4, 5]);
  });

  it("lets through what can fail: a queryBy, the element's text or state, a count", async () => {
    const code = [
      'expect(screen.queryByText("a")).toBeTruthy();',
      'expect(screen.getByText("a").textContent).toBe("a");',
      'expect((screen.getByRole("checkbox") as HTMLInputElement).checked).toBe(true);',
      'expect(screen.getAllByRole("button")).toHaveLength(2);',
      'expect(screen.queryByRole("dialog")).not.toBeNull();',
    ].join("\n");
    expect(await refusedLines(code)).toEqual([]);
  });
});
