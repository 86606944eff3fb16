// The game's own words, read from the engine's catalog.
import { afterEach, describe, expect, it } from "vitest";
import { setLang } from "../../i18n";
import { gameText } from "./data";

afterEach(() => setLang("en"));

describe("First Giants game text", () => {
  it("the end of the game is said once: the last event's words, as the server joins them, in each language", () => {
    // events.cpp: "ev.game_over", then final_text() beginning with "end.heading".
    const end = () => `${gameText("ev.game_over")} ${gameText("end.heading")}`;
    expect(end()).toBe("The game is over. Final scores:");
    setLang("it");
    expect(end()).toBe("La partita è finita. Punteggi finali:");
    setLang("ko");
    expect(end()).toBe("게임이 끝났습니다. 최종 점수:");
  });
});
