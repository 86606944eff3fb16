// The new-table page shows each rule option with the server's translated
// label, one-line help and value names, and follows the language switch.
import { cleanup, render, screen } from "@testing-library/preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { lang } from "./i18n";
import { NewTable } from "./pages/NewTable";
import type { GameInfo } from "./protocol";

const game: GameInfo = {
  name: "first-contact",
  title: "First Contact",
  min_players: 2,
  max_players: 7,
  bots: ["random", "talker", "ismcts"],
  default_bot: "talker",
  params: [
    {
      name: "mode",
      type: "enum",
      default: "standard",
      allowed: ["standard", "advanced"],
      description: "developers' line",
      label: { en: "Difficulty", it: "Difficoltà", ko: "난이도" },
      help: { en: "Standard: 3 items", it: "Standard: 3 oggetti", ko: "표준: 물건 3개" },
      values: {
        en: { standard: "standard", advanced: "advanced" },
        it: { standard: "standard", advanced: "avanzata" },
        ko: { standard: "표준", advanced: "고급" },
      },
    },
    { name: "aliens", type: "int", default: 0, min: 0, max: 3, description: "number of aliens, 0 = automatic" },
  ],
};

afterEach(() => {
  cleanup();
  lang.value = "en";
});

describe("new table page", () => {
  it("labels, help and value names in the interface's language", () => {
    lang.value = "en";
    render(<NewTable game={game} />);
    const select = screen.getByLabelText("Difficulty") as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(["standard", "advanced"]);
    expect(screen.getByText("Standard: 3 items")).toBeTruthy();
    act(() => {
      lang.value = "ko";
    });
    const ko = screen.getByLabelText("난이도") as HTMLSelectElement;
    expect([...ko.options].map((o) => o.textContent)).toEqual(["표준", "고급"]);
    expect(screen.getByText("표준: 물건 3개")).toBeTruthy();
  });

  it("an option without translations falls back to its name and the server's description", () => {
    render(<NewTable game={game} />);
    expect(screen.getByLabelText("aliens")).toBeTruthy();
    expect(screen.getByText("number of aliens, 0 = automatic")).toBeTruthy();
  });
});
