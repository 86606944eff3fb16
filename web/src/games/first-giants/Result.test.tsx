// The end screen's figures: each player's score in its parts from the
// result details.
import { render } from "@testing-library/preact";
import { describe, expect, it } from "vitest";
import type { TableState } from "../../connection";
import { Result } from "./Result";
import data from "./testdata.json";

const msgs = data as unknown as Record<string, TableState>;

describe("First Giants result", () => {
  it("shows each player's points, News and set tokens from the result details", () => {
    const { container } = render(<Result state={msgs.finished} />);
    const rows = [...container.querySelectorAll("tbody tr")].map((r) =>
      [...r.querySelectorAll("td")].map((td) => td.textContent?.trim()),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0].slice(1, 5)).toEqual(["4", "16", "14", "34"]);
    expect(rows[1].slice(1, 5)).toEqual(["8", "11", "14", "33"]);
    expect(rows[0][5]).toContain("9 sets");
  });
});
