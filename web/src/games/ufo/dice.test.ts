// Reading the dice back from the server's events, in each language.
import { describe, expect, it } from "vitest";
import { lang } from "../../i18n";
import { lastRolls, parseRoll, templateRegex } from "./dice";

describe("dice from the events", () => {
  it("matches a template's filled text and captures the die", () => {
    const re = templateRegex("the attacker, {seat}, rolls {die} {bonus} = {total}");
    expect(re.exec("the attacker, seat 1, rolls 4 +2 = 6")?.groups?.die).toBe("4");
    expect(re.exec("something else")).toBeNull();
  });

  it("finds the latest control roll and its outcome", () => {
    lang.value = "en";
    const log = [
      "seat 0 rolls the control die with no helpers",
      "seat 0 rolls 5 on the control die, modifiers +1: 6 against resistance 3\nsuccess: seat 0 opens a restaurant in Berlin\nseat 0 now controls Berlin",
    ];
    expect(lastRolls(log)).toEqual([
      {
        kind: "control",
        die: 5,
        line: "seat 0 rolls 5 on the control die, modifiers +1: 6 against resistance 3",
        outcome: "success: seat 0 opens a restaurant in Berlin",
      },
    ]);
  });

  it("shows both dice of a bump, the attacker's first", () => {
    lang.value = "en";
    const log = [
      "seat 2: UFO 4 (Standard, seat 2) in Brighton bumps seat 0",
      "the attacker, seat 2, rolls 2 +2 = 4",
      "the defender, seat 0, rolls 6 +0 = 6\nseat 0 wins the bump and pushes the losing UFOs 2 steps",
    ];
    const rolls = lastRolls(log);
    expect(rolls.map((r) => [r.kind, r.die])).toEqual([
      ["attack", 2],
      ["defence", 6],
    ]);
    expect(rolls[1].outcome).toContain("wins the bump");
    // Old rolls far back are not shown as the latest.
    expect(lastRolls([...log, ...Array.from({ length: 15 }, (_, i) => `seat 1 moves ${i}`)])).toEqual([]);
  });

  it("tells a bump's outcome whatever its count of steps (a plural block)", () => {
    lang.value = "en";
    const one = lastRolls([
      "the defender, seat 0, rolls 6 +0 = 6\nseat 0 wins the bump and pushes the losing UFOs 1 step",
    ]);
    expect(one[0].outcome).toBe("seat 0 wins the bump and pushes the losing UFOs 1 step");
    lang.value = "it";
    const it1 = lastRolls([
      "il difensore, seat 0, tira 6 +0 = 6\nseat 0 vince lo scontro e spinge gli UFO sconfitti di 1 passo",
    ]);
    expect(it1[0].outcome).toContain("di 1 passo");
    lang.value = "en";
  });

  it("reads the Italian and Korean events with their own templates", () => {
    lang.value = "it";
    expect(parseRoll("l'attaccante, seat 2, tira 3 +1 = 4")).toMatchObject({ kind: "attack", die: 3 });
    lang.value = "ko";
    expect(parseRoll("seat 0: 통제 주사위 9, 보정 -1 = 8, 저항 6")).toMatchObject({ kind: "control", die: 9 });
    lang.value = "en";
  });
});
