import { render } from "@testing-library/preact";
import { it } from "vitest";
import { writeFileSync } from "node:fs";
import { lang } from "../../i18n";
import { Board } from "./Board";
import { pieceActions } from "./model";
import { crowdedView } from "./crowd.test";
it("dumps", () => {
  for (const l of ["en", "ko"] as const) {
    lang.value = l;
    const view = crowdedView([
      ["istanbul", 8],
      ["bursa", 4],
      ["edirne", 4],
      ["izmir", 4],
    ]);
    view.spaces.forEach((s) => {
      if (s.kind === "city") s.restaurants = [2, 2];
    });
    const { container, unmount } = render(
      <Board
        view={view}
        acts={pieceActions([])}
        selected={null}
        names={["A", "B", "C", "D", "E"]}
        onClick={() => {}}
      />,
    );
    writeFileSync(`/tmp/ufo2/crowd-${l}.svg`, container.innerHTML);
    unmount();
    const v2 = crowdedView([["tokyo", 20]]);
    const r2 = render(
      <Board view={v2} acts={pieceActions([])} selected={null} names={["A", "B", "C", "D", "E"]} onClick={() => {}} />,
    );
    writeFileSync(`/tmp/ufo2/tokyo-${l}.svg`, r2.container.innerHTML);
    r2.unmount();
  }
});
