// "Learn to play": the button that makes the guided table, joins its
// person's seat and opens it, part after part.
import { fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { describe, expect, it, vi } from "vitest";
import { credentials } from "./api";
import { GuidePanel } from "./components/GuidePanel";
import { LearnButton } from "./learn";
import type { Guide } from "./protocol";
import { withFakeSockets } from "./fakesocket";

withFakeSockets();

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

describe("the Learn to play button", () => {
  /** Answers POST /api/tables and .../join as the server would; returns what was sent. */
  function stubServer() {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: { body?: string }) => {
        calls.push({ url, body: init.body ? JSON.parse(init.body) : undefined });
        const answer = url.endsWith("/join")
          ? { table: "g1", seat: 1, token: "tok" }
          : {
              id: "g1",
              game: "ufo",
              title: "Ufo!",
              players: 2,
              phase: "lobby",
              free_seats: 1,
              public: false,
              host_token: "host",
            };
        return new Response(JSON.stringify(answer), { status: url.endsWith("/join") ? 200 : 201 });
      }),
    );
    return calls;
  }

  it("makes the guided table, joins its person's seat, keeps the tokens and opens the table", async () => {
    const calls = stubServer();
    localStorage.setItem("meeple.name", "Bea");
    location.hash = "#/";
    render(<LearnButton game="ufo" />);
    fireEvent.click(screen.getByRole("button", { name: /Learn to play/ }));
    await waitFor(() => expect(location.hash).toBe("#/t/g1"));
    expect(calls[0]).toEqual({
      url: "/api/tables",
      body: { game: "ufo", guide: true, guide_part: 0, languages: ["en", "it", "ko"] },
    });
    expect(calls[1]).toEqual({ url: "/api/tables/g1/join", body: { name: "Bea" } });
    expect(credentials("g1")).toMatchObject({ token: "tok", seat: 1, host_token: "host", name: "Bea" });
  });

  it("goes on to the guide's next part when a part is over, and not after the last", async () => {
    const calls = stubServer();
    location.hash = "#/";
    const over = { step: 15, steps: 15, parts: 2, text: "", suggestion: null };
    const { unmount } = render(
      <GuidePanel guide={guide({ ...over, part: 1 })} game="first-contact" mustAct={false} suggested={null} />,
    );
    expect(document.querySelector(".guide-part")?.textContent).toBe("Part 2 of 2");
    expect(screen.queryByRole("button", { name: /part/ })).toBeNull();
    unmount();
    render(<GuidePanel guide={guide({ ...over, part: 0 })} game="first-contact" mustAct={false} suggested={null} />);
    fireEvent.click(screen.getByRole("button", { name: "Go on: part 2 of 2" }));
    await waitFor(() => expect(location.hash).toBe("#/t/g1"));
    expect(calls[0].body).toMatchObject({ game: "first-contact", guide: true, guide_part: 1 });
  });
});
