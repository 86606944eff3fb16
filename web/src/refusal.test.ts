// Every refusal a page may get is told in the person's language.
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { lang } from "./i18n";
import { errorText, refusal } from "./refusal";
import { ui } from "./strings/all";

afterEach(() => {
  lang.value = "en";
});

describe("refusals in the person's language", () => {
  const codes = [
    "chat/not_a_line",
    "chat/too_fast",
    "chat/full",
    "bot/budget",
    "table/too_many",
    "table/expired",
    "request/origin",
    "request/content_type",
    "connection/too_many",
    "review/busy",
    "seat/taken",
  ];

  it("every code of meeple-protocol/2 a page may get has its own words in en, it and ko", () => {
    for (const l of ["en", "it", "ko"] as const) {
      act(() => {
        lang.value = l;
      });
      for (const code of codes) {
        const words = refusal({ code, message: "server words" });
        expect(words, `${l} ${code}`).not.toBe("server words");
        if (l !== "en") expect(words, `${l} ${code}`).not.toBe(ui.en[`refusal.${code}` as keyof typeof ui.en]);
      }
    }
    expect(errorText(new ApiError("review/busy", "x", 503))).toBe(ui.ko["refusal.review/busy"]);
    expect(errorText(new TypeError("Failed to fetch"))).toBe(ui.ko["error.network"]);
  });

  it("a refused password says why; a refusal that asks to wait says how long", () => {
    const weak = (reason: string) => new ApiError("account/password", "x", 400, { reason });
    expect(errorText(weak("dictionary"))).toBe(ui.en["password.dictionary"]);
    expect(errorText(weak("a reason of a newer server"))).toBe(ui.en["refusal.account/password"]);
    const wait = (n: number) => new ApiError("auth/throttled", "x", 429, { retry_after: n });
    expect(errorText(wait(1))).toBe(`${ui.en["refusal.auth/throttled"]} You can try again in 1 second.`);
    expect(errorText(wait(30))).toBe(`${ui.en["refusal.auth/throttled"]} You can try again in 30 seconds.`);
    act(() => {
      lang.value = "ko";
    });
    expect(errorText(new ApiError("auth/busy", "x", 503, { retry_after: 2 }))).toBe(
      `${ui.ko["refusal.auth/busy"]} 2초 후에 다시 시도할 수 있습니다.`,
    );
  });
});
