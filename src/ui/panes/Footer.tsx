import { Box, Text } from "ink";
import { memo } from "react";
import { formatAge, formatClock } from "../../domain/format.js";
import type { Toast } from "../../domain/results.js";
import { tone, useTheme, type Tone } from "../theme.js";

export interface FooterProps {
  hints: string;
  /** Server ms of the last successful fetch. */
  lastOkAt: number | undefined;
  age: number | undefined;
  message: string | undefined;
  /** A game of the user's just settled: shown in place of the hints until it times out. */
  toast?: Toast | undefined;
  width: number;
}

const TOAST_TONE: Record<Toast["outcome"], Tone> = { won: "up", lost: "down", even: "dim", cancelled: "warn" };

export const Footer = memo(function Footer(p: FooterProps) {
  const theme = useTheme();
  return (
    <Box width={p.width} height={1} flexShrink={0}>
      <Box flexGrow={1} flexShrink={1} overflow="hidden">
        {p.message === undefined && p.toast !== undefined ? (
          <Text bold color={tone(theme, TOAST_TONE[p.toast.outcome])} wrap="truncate-end">
            {p.toast.text}
          </Text>
        ) : (
          <Text color={tone(theme, p.message ? "warn" : "dim")} wrap="truncate-end">
            {p.message ?? p.hints}
          </Text>
        )}
      </Box>
      {/* A toast gets the whole line: its result must not be cut for the data age. */}
      {p.message === undefined && p.toast !== undefined ? null : (
      <Box flexShrink={0} marginLeft={1}>
      <Text color={tone(theme, "dim")}>
        {p.lastOkAt === undefined || p.age === undefined ? "no data yet" : `data ${formatAge(p.age)} old (${formatClock(p.lastOkAt)})`}
      </Text>
      </Box>
      )}
    </Box>
  );
});
