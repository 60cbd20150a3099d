import { Box, Text } from "ink";
import Spinner from "ink-spinner";
import { memo } from "react";
import type { Connection } from "../../poller/snapshot.js";
import { formatAge, formatInterval } from "../../domain/format.js";
import { glyphs, tone, useTheme } from "../theme.js";

export interface HeaderProps {
  backend: string;
  network: string;
  asset: string;
  interval: number;
  connection: Connection;
  /** Age of the last successful fetch, ms. */
  age: number | undefined;
  stale: boolean;
  /** Local ms, for rate-limit and retry countdowns. */
  localNow: number;
  readonly: boolean;
  width: number;
}

export const Header = memo(function Header(p: HeaderProps) {
  const theme = useTheme();
  const g = glyphs(theme);
  const mainnet = p.network === "mainnet";
  return (
    <Box width={p.width} height={1} flexShrink={0}>
      <Box flexGrow={1} flexShrink={1} overflow="hidden">
      <Text wrap="truncate-end">
        <Text bold>spotdash</Text> <Text color={tone(theme, "dim")}>{g.sep}</Text> {p.backend} <Text color={tone(theme, "dim")}>{g.sep}</Text>{" "}
        {mainnet ? (
          <Text bold inverse color={tone(theme, "mainnet")}>
            {" "}MAINNET — REAL FUNDS{" "}
          </Text>
        ) : (
          <Text color={tone(theme, "dim")}>testnet</Text>
        )}{" "}
        <Text color={tone(theme, "dim")}>{g.sep}</Text> {p.asset} {formatInterval(p.interval)}
        {p.readonly ? <Text color={tone(theme, "warn")}> {g.sep} read-only</Text> : null}
      </Text>
      </Box>
      <Box flexShrink={0} marginLeft={1}>
        <ConnectionBadge {...p} />
      </Box>
    </Box>
  );
});

function ConnectionBadge(p: HeaderProps) {
  const theme = useTheme();
  const g = glyphs(theme);
  const c = p.connection;
  const inS = (t: number) => `${Math.max(0, Math.ceil((t - p.localNow) / 1000))} s`;
  switch (c.state) {
    case "connecting":
      return (
        <Text color={tone(theme, "dim")}>
          {theme.ascii ? "" : <Spinner type="dots" />} connecting
        </Text>
      );
    case "rate_limited":
      return <Text color={tone(theme, "warn")}>rate limited, resuming in {inS(c.resumeAt)}</Text>;
    case "offline":
      return <Text color={tone(theme, "bad")}>offline ({shortReason(c.reason)}), retry in {inS(c.retryAt)}</Text>;
    case "degraded":
      return <Text color={tone(theme, "warn")}>degraded ({shortReason(c.reason)}), retry in {inS(c.retryAt)}</Text>;
    case "unauthorized":
      return <Text color={tone(theme, "bad")}>API key refused — check METAFIDE_API_KEY</Text>;
    case "ok":
      return p.stale ? (
        <Text color={tone(theme, "warn")}>stale: last data {p.age === undefined ? "never" : formatAge(p.age)} ago</Text>
      ) : (
        <Text color={tone(theme, "good")}>{g.dot} live</Text>
      );
  }
}

/** "GET /live-price: connection refused" → "connection refused": the pane already says which data it is. */
function shortReason(reason: string): string {
  const text = reason.replace(/^[A-Z]+ \/[\w-]+: /, "");
  return text.length > 48 ? `${text.slice(0, 47)}…` : text;
}
