import { Box, Text } from "ink";
import type { ReactNode } from "react";
import { formatAge } from "../domain/format.js";
import { glyphs, tone, useTheme } from "./theme.js";

/** A bordered pane whose first line is its title; fixed size so the frame never grows. */
export function Pane(props: { title: string; width: number | string; height: number; focused: boolean; right?: ReactNode; children?: ReactNode }) {
  const theme = useTheme();
  return (
    <Box
      flexDirection="column"
      width={props.width}
      height={props.height}
      // Fixed size: Yoga must never squeeze a pane (its lines would overlap).
      flexShrink={0}
      borderStyle={glyphs(theme).border}
      borderColor={props.focused ? tone(theme, "accent") : tone(theme, "dim")}
      paddingX={1}
      overflow="hidden"
    >
      <Box justifyContent="space-between">
        <Text bold wrap="truncate-end" color={props.focused ? tone(theme, "accent") : undefined}>
          {/* A marker as well as a colour, so focus shows without colour too. */}
          {props.focused ? `${theme.ascii ? ">" : "▸"} ` : ""}
          {props.title}
        </Text>
        {props.right === undefined ? null : (
          <Box flexShrink={0} marginLeft={1}>
            {props.right}
          </Box>
        )}
      </Box>
      {props.children}
    </Box>
  );
}

/** "age 3.2s" in grey, or "STALE 40s" in yellow when the datum is past its refresh. */
export function AgeBadge(props: { age: number | undefined; stale: boolean; error?: string | undefined }) {
  const theme = useTheme();
  if (props.error !== undefined && props.age === undefined) return <Text color={tone(theme, "bad")}>no data</Text>;
  if (props.age === undefined) return <Text color={tone(theme, "dim")}>waiting…</Text>;
  const seconds = formatAge(props.age);
  return props.stale || props.error !== undefined ? (
    <Text color={tone(theme, "warn")} bold>
      STALE {seconds}
    </Text>
  ) : (
    <Text color={tone(theme, "dim")}>{seconds}</Text>
  );
}
