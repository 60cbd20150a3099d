import { Box, Text } from "ink";
import { CHART_TAGS } from "../chart/tags.js";
import { GAME_WORDS } from "../dashboard/panes/game-words.js";
import { type Binding, helpRows } from "../keymap.js";
import { useDashboardKey } from "../keys-context.js";
import { wrapWords } from "../spans.js";
import { SYMBOLS } from "../symbols.js";
import { tone, useTheme } from "../theme.js";
import { OverlayFrame, type OverlayScroll } from "./OverlayFrame.js";

/** A mode's keys under its title (mode.ts helpSections). */
export interface HelpSection {
  title: string;
  bindings: readonly Binding[];
}

export interface HelpProps extends OverlayScroll {
  sections: readonly HelpSection[];
}

/** The overlay's border and padding, left and right. */
const FRAME_COLS = 4;

/**
 * Every key of every mode, the symbols, and the full text of every current
 * problem: a pane has room for one truncated line, this is where the
 * endpoint, field and value can be read. Taller than the terminal, it
 * scrolls (j/k, PgUp/PgDn).
 */
export function HelpOverlay(p: { width: number; height: number; problems: readonly string[] } & HelpProps) {
  const theme = useTheme();
  const diagnosticsKey = useDashboardKey("diagnostics");
  const rows = p.sections.map((s) => ({ title: s.title, keys: helpRows(s.bindings) }));
  // Wide enough for the longest key of every list, so no key runs into its description; on a narrow pane at
  // most a third of the width, so the descriptions keep room (a longer key wraps in its column).
  const longest = Math.max(0, ...rows.flatMap((s) => s.keys.map(([k]) => k.length))) + 2;
  const inner = p.width - FRAME_COLS;
  const keyColumn = Math.min(longest, Math.max(8, Math.floor(inner / 3)));
  return (
    <OverlayFrame width={p.width} height={p.height} scroll={p.scroll} onOverflow={p.onOverflow}>
      {p.problems.length > 0 ? <Text bold>PROBLEMS NOW</Text> : null}
      {p.problems.map((problem) => (
        <Text key={problem} color={tone(theme, "bad")} wrap="wrap">
          {wrapWords(problem, inner)}
        </Text>
      ))}
      {rows.map((s) => (
        <Box key={s.title} flexDirection="column" flexShrink={0}>
          <Text bold>{s.title}</Text>
          <KeyList keys={s.keys} column={keyColumn} width={inner} />
        </Box>
      ))}
      <Text bold>SYMBOLS</Text>
      <KeyList
        keys={Object.values(SYMBOLS).map((s) => [theme.ascii ? s.ascii.trim() : s.glyph, s.meaning] as const)}
        column={keyColumn}
        width={inner}
      />
      <Text bold>THE GAME'S WORDS</Text>
      <KeyList keys={GAME_WORDS} column={keyColumn} width={inner} />
      <Text bold>THE CHART'S TAGS</Text>
      <KeyList keys={Object.values(CHART_TAGS).map((t) => [t.tag, t.meaning] as const)} column={keyColumn} width={inner} />
      <Text color={tone(theme, "dim")} wrap="wrap">
        Data comes from one poller: at most one request per second. Ages show when each pane last heard from the service. A ? is a value the
        service sent in a form spotdash cannot read ({diagnosticsKey} says which).
      </Text>
    </OverlayFrame>
  );
}

function KeyList(p: { keys: readonly (readonly [string, string])[]; column: number; width: number }) {
  const theme = useTheme();
  return (
    <>
      {/* A description too long for the line wraps under itself, never under the keys, never cut. */}
      {p.keys.map(([k, what]) => (
        // Two rows may name the same key (the form's Enter, to its preview and from it), never with the same words.
        <Box key={`${k}:${what}`} flexShrink={0}>
          {/* A column's last cell is a gap: a key as wide as a narrow pane's column wraps rather than run into its description. */}
          <Box width={p.column} flexShrink={0} paddingRight={1}>
            <Text color={tone(theme, "accent")}>{k}</Text>
          </Box>
          <Text wrap="wrap">{wrapWords(what, p.width - p.column)}</Text>
        </Box>
      ))}
    </>
  );
}
