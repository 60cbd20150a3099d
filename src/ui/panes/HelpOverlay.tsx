import { Box, Text } from "ink";
import { DASHBOARD_KEYS, helpRows, RESULTS_KEYS } from "../keymap.js";
import { SYMBOLS } from "../symbols.js";
import { tone, useTheme } from "../theme.js";
import { OverlayFrame } from "./OverlayFrame.js";

const KEY_HELP = helpRows(DASHBOARD_KEYS);
const RESULTS_KEY_HELP = helpRows(RESULTS_KEYS);

// Wide enough for the longest key of both lists, so no key runs into its description.
const KEY_COLUMN = Math.max(...[...KEY_HELP, ...RESULTS_KEY_HELP].map(([k]) => k.length)) + 2;

/**
 * Keys, and the full text of every current problem: a pane has room for one
 * truncated line, this is where the endpoint, field and value can be read.
 */
export function HelpOverlay(p: { width: number; height: number; problems: readonly string[] }) {
  const theme = useTheme();
  return (
    <OverlayFrame width={p.width} height={p.height}>
      {/* Problems first: when the terminal is short, the clip takes the least useful lines, and wrapped keys are many. */}
      {p.problems.length > 0 ? <Text bold>PROBLEMS NOW</Text> : null}
      {p.problems.map((problem) => (
        <Text key={problem} color={tone(theme, "bad")} wrap="wrap">
          {problem}
        </Text>
      ))}
      <Text bold>KEYS</Text>
      <KeyList keys={KEY_HELP} />
      <Text bold>IN THE RESULTS VIEW (r)</Text>
      <KeyList keys={RESULTS_KEY_HELP} />
      <Text bold>SYMBOLS</Text>
      <KeyList keys={Object.values(SYMBOLS).map((s) => [theme.ascii ? s.ascii.trim() : s.glyph, s.meaning] as const)} />
      <Text color={tone(theme, "dim")} wrap="wrap">
        Data comes from one poller: at most one request per second. Ages show when each pane last heard from the service. A ? is a value the
        service sent in a form spotdash cannot read (D says which).
      </Text>
    </OverlayFrame>
  );
}

function KeyList(p: { keys: readonly (readonly [string, string])[] }) {
  const theme = useTheme();
  return (
    <>
      {/* A description too long for the line wraps under itself, never under the keys, never cut. */}
      {p.keys.map(([k, what]) => (
        <Box key={k} flexShrink={0}>
          <Box width={KEY_COLUMN} flexShrink={0}>
            <Text color={tone(theme, "accent")}>{k}</Text>
          </Box>
          <Text wrap="wrap">{what}</Text>
        </Box>
      ))}
    </>
  );
}
