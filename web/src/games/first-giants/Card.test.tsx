// A card as a player sees it: its animal's picture (the client's own file),
// and its name breaking only between syllables.
import { cleanup, render } from "@testing-library/preact";
import { afterEach, describe, expect, it } from "vitest";
import cardsFile from "../../../../games/first_giants/data/cards.json";
import messagesFile from "../../../../games/first_giants/data/messages.json";
import { SHY } from "../../hyphens";
import { Card } from "./Card";
import type { Family } from "./data";
import type { CardView } from "./model";
import { CARD_PICTURES } from "./pictures";

afterEach(cleanup);

const messages = messagesFile as Record<string, Record<string, string>>;
const cards: CardView[] = (
  cardsFile as { cards: { id: number; family: Family; size: number | null; text: Record<string, string> }[] }
).cards.map((c) => ({ id: c.id, name: messages[`card.${c.id}.name`], family: c.family, size: c.size, text: c.text }));

describe("a First Giants card", () => {
  it("shows its animal's picture, full size and mini, for every card", () => {
    for (const card of cards)
      for (const mini of [false, true]) {
        const { container } = render(<Card card={card} mini={mini} />);
        const img = container.querySelector<HTMLImageElement>(".fg-card img");
        expect(img?.getAttribute("src"), `card ${card.id}`).toBe(CARD_PICTURES[card.id]);
        expect(img?.getAttribute("alt")).toBe("");
        cleanup();
      }
  });

  it("Giganotosaurus's name carries its syllable breaks; the card's label says the name whole", () => {
    const { container } = render(<Card card={cards[9]} />);
    expect(container.querySelector(".fg-name")?.textContent).toBe(`Gi${SHY}ga${SHY}no${SHY}to${SHY}sau${SHY}rus`);
    expect(container.querySelector(".fg-card")?.getAttribute("aria-label")).toMatch(/^Giganotosaurus \(/);
  });
});
