/** Line (src/ui/Line.tsx): laid out as Ink lays out text, drawn by paint(); and the Pane that holds Lines. */
import { Box, Text } from "ink";
import { describe, expect, it } from "vitest";
import { Line } from "../../src/ui/Line.js";
import { Pane } from "../../src/ui/Pane.js";
import { span } from "../../src/ui/spans.js";
import { ThemeContext } from "../../src/ui/theme.js";
import { renderAt } from "../helpers/ink.js";

describe("Line", () => {
  it("takes the width of its content next to other text", () => {
    const ui = renderAt(
      <Box>
        <Line>{["ends in ", span("0:42", { bold: true })]}</Line>
        <Text>|</Text>
      </Box>,
      40,
      5,
    );
    expect(ui.text().split("\n")[0]).toBe("ends in 0:42|");
    ui.unmount();
  });

  it("is cut to the room it is given, ending in …, without spilling into its neighbour", () => {
    const ui = renderAt(
      <Box width={20}>
        <Box width={10}>
          <Line tone="dim">{"▁▂▃▄▅▆▇█▁▂▃▄▅▆▇█"}</Line>
        </Box>
        <Text>|right</Text>
      </Box>,
      40,
      5,
    );
    expect(ui.text().split("\n")[0]).toBe("▁▂▃▄▅▆▇█▁…|right");
    ui.unmount();
  });

  it("draws colour only when the theme has colour", () => {
    const coloured = renderAt(<Line tone="up">{"▲ 1.00"}</Line>, 40, 5);
    expect(coloured.lastFrame()).toContain("\x1b[32m▲ 1.00");
    coloured.unmount();
    const plain = renderAt(
      <ThemeContext.Provider value={{ color: false, ascii: true }}>
        <Line tone="up">{"^ 1.00"}</Line>
      </ThemeContext.Provider>,
      40,
      5,
    );
    expect(plain.lastFrame()).not.toMatch(/\p{Cc}\[3\dm/u);
    expect(plain.text()).toContain("^ 1.00");
    plain.unmount();
  });

  it("draws nothing, and takes no room, when empty", () => {
    const ui = renderAt(
      <Box>
        <Line>{[false, ""]}</Line>
        <Text>x</Text>
      </Box>,
      40,
      5,
    );
    expect(ui.text().split("\n")[0]).toBe("x");
    ui.unmount();
  });
});

describe("Pane", () => {
  it("squeezed to its borders (the form open at 60x20), draws none of its lines over them", () => {
    const ui = renderAt(
      <Box flexDirection="column">
        <Pane title="POSITIONS" width={30} height={2} focused={false} framed>
          <Line>{"no positions in this game — p places one"}</Line>
        </Pane>
        <Text>footer</Text>
      </Box>,
      40,
      10,
    );
    const lines = ui.text().split("\n");
    expect(lines[0]).toMatch(/^╭─{28}╮$/);
    expect(lines[1]).toMatch(/^╰─{28}╯$/);
    expect(lines[2]).toBe("footer");
    ui.unmount();
  });
});
