import { Box, Text } from "ink";
import { memo } from "react";
import { formatAge, formatClock } from "../../domain/format.js";
import { tone, useTheme } from "../theme.js";

export interface FooterProps {
  hints: string;
  /** Server ms of the last successful fetch. */
  lastOkAt: number | undefined;
  age: number | undefined;
  message: string | undefined;
  width: number;
}

export const Footer = memo(function Footer(p: FooterProps) {
  const theme = useTheme();
  return (
    <Box width={p.width} height={1} flexShrink={0}>
      <Box flexGrow={1} flexShrink={1} overflow="hidden">
        <Text color={tone(theme, p.message ? "warn" : "dim")} wrap="truncate-end">
          {p.message ?? p.hints}
        </Text>
      </Box>
      <Box flexShrink={0} marginLeft={1}>
      <Text color={tone(theme, "dim")}>
        {p.lastOkAt === undefined || p.age === undefined ? "no data yet" : `data ${formatAge(p.age)} old (${formatClock(p.lastOkAt)})`}
      </Text>
      </Box>
    </Box>
  );
});
