// What the home page says about each game: the same true thing in every
// language (docs/rules/<game>.md is the reference).
import { describe, expect, it } from "vitest";
import { LANGS } from "../protocol";
import { GAME_INFO } from "./info";

describe("the home page's lines about each game", () => {
  it("has a line in every language for every game", () => {
    for (const [game, info] of Object.entries(GAME_INFO))
      for (const l of LANGS) expect(info.lines[l].trim(), `${game} ${l}`).not.toBe("");
  });

  it("calls First Contact a game of two teams, each with its own winner, never a cooperative one", () => {
    // docs/rules/first-contact.md: "Two teams ... Each team has its own winner".
    const { en, it: itLine, ko } = GAME_INFO["first-contact"].lines;
    expect(en).toContain("Two teams");
    expect(en).toContain("each with its own winner");
    expect(en).not.toMatch(/together|cooperative/i);
    expect(itLine).toContain("Due squadre");
    expect(itLine).toContain("ognuna con il suo vincitore");
    expect(itLine).not.toMatch(/insieme|cooperativ/i);
    expect(ko).toContain("두 팀");
    expect(ko).toContain("팀마다 승자가 따로 있습니다");
    expect(ko).not.toContain("협력");
    for (const line of [en, itLine, ko]) expect(line).toMatch(/2/);
  });
});
