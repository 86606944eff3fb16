import { afterEach, describe, expect, it } from "vitest";
import { lang } from "./i18n";
import { clockWords, countdown, duration } from "./time";

const MIN = 60_000;
const H = 60 * MIN;

afterEach(() => {
  lang.value = "en";
});

describe("durations", () => {
  it("rounds down to what matters: a moment, minutes, hours, a day, days", () => {
    lang.value = "en";
    expect([0, 59_000, 45 * MIN, 3 * H + 59 * MIN, 30 * H, 50 * H, 7 * 24 * H].map(duration)).toEqual([
      "under a minute",
      "under a minute",
      "45 min",
      "3 h",
      "1 day",
      "2 days",
      "7 days",
    ]);
    expect(duration(-5 * H)).toBe("under a minute");
  });

  it("clock settings in words, in each language", () => {
    const clocks = [3600, 43200, 86400, 259200, 1209600];
    lang.value = "en";
    expect(clocks.map(clockWords)).toEqual(["1 hour", "12 hours", "1 day", "3 days", "14 days"]);
    lang.value = "it";
    expect(clocks.map(clockWords)).toEqual(["1 ora", "12 ore", "1 giorno", "3 giorni", "14 giorni"]);
    lang.value = "ko";
    expect(clocks.map(clockWords)).toEqual(["1시간", "12시간", "1일", "3일", "14일"]);
    expect(duration(50 * H)).toBe("2일");
  });
});

describe("countdowns", () => {
  it("countdowns read as clocks", () => {
    expect(countdown(299_500)).toBe("5:00");
    expect(countdown(59_000)).toBe("0:59");
    expect(countdown(2 * 3600_000 + 5000)).toBe("2:00:05");
    expect(countdown(-5)).toBe("0:00");
  });
});
