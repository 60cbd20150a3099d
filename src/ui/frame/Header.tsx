import { Box, Text } from "ink";
import Spinner from "ink-spinner";
import { memo, useEffect, useState } from "react";
import { formatAge, formatInterval } from "../../domain/format.js";
import type { Connection } from "../../poller/snapshot.js";
import { Line } from "../Line.js";
import { span } from "../spans.js";
import { mark } from "../symbols.js";
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
  /** The book's one line ("3 games · 12 positions · proj +4.21 USDC") while games are held outside the focused one and no book pane shows. */
  book?: string | undefined;
}

/** Below this width the book's line takes the backend's place: the games held matter more at a glance than where they come from. */
const HEADER_ROOMY_COLS = 120;

export const Header = memo(function Header(p: HeaderProps) {
  const theme = useTheme();
  const g = glyphs(theme);
  const sep = span(` ${g.sep} `, { tone: "dim" });
  return (
    <Box width={p.width} height={1} flexShrink={0}>
      <Box flexGrow={1} flexShrink={1}>
        <Line>
          {[
            span("spotdash", { bold: true }),
            sep,
            ...(p.book === undefined || p.width >= HEADER_ROOMY_COLS ? [p.backend, sep] : []),
            p.network === "mainnet"
              ? span(" MAINNET — REAL FUNDS ", { bold: true, inverse: true, tone: "mainnet" })
              : span("testnet", { tone: "dim" }),
            sep,
            `${p.asset} ${formatInterval(p.interval)}`,
            p.book !== undefined && sep,
            p.book !== undefined && span(p.book, { tone: "accent" }),
            p.readonly && span(` ${g.sep} read-only`, { tone: "warn" }),
          ]}
        </Line>
      </Box>
      <Box flexShrink={0} marginLeft={1}>
        <ConnectionBadge {...p} />
      </Box>
    </Box>
  );
}, sameHeader);

/**
 * The age and the clock move every frame, but the header shows the age only
 * when the data is stale and the clock only while it counts down to a retry:
 * otherwise a new second leaves it as it was, and it is not redrawn.
 */
function sameHeader(a: HeaderProps, b: HeaderProps): boolean {
  for (const key of Object.keys(b) as (keyof HeaderProps)[]) {
    if (key !== "age" && key !== "localNow" && a[key] !== b[key]) return false;
  }
  const countingDown = b.connection.state === "rate_limited" || b.connection.state === "offline" || b.connection.state === "degraded";
  return (!b.stale || a.age === b.age) && (!countingDown || a.localNow === b.localNow);
}

function ConnectionBadge(p: HeaderProps) {
  const theme = useTheme();
  const c = p.connection;
  const inS = (t: number) => `${Math.max(0, Math.ceil((t - p.localNow) / 1000))} s`;
  switch (c.state) {
    case "connecting":
      // The only spinner on screen, and only until the first answer: each one runs its own timer.
      return <Text color={tone(theme, "dim")}>{theme.ascii ? null : <LateSpinner />}connecting</Text>;
    case "rate_limited":
      return <Line tone="warn">{`rate limited, resuming in ${inS(c.resumeAt)}`}</Line>;
    case "offline":
      return <Line tone="bad">{`offline (${shortReason(c.reason)}), retry in ${inS(c.retryAt)}`}</Line>;
    case "degraded":
      // One endpoint failing while the rest answer: which one matters.
      return <Line tone="warn">{`degraded (${shortReason(c.reason, true)}), retry in ${inS(c.retryAt)}`}</Line>;
    case "unauthorized":
      return <Line tone="bad">API key refused — check METAFIDE_API_KEY</Line>;
    case "ok":
      return p.stale ? (
        <Line tone="warn">{`stale: last data ${p.age === undefined ? "never" : formatAge(p.age)} ago`}</Line>
      ) : (
        <Line tone="good">{`${mark("live", theme.ascii)} live`}</Line>
      );
  }
}

/** How long connecting goes without a spinner. */
export const SPINNER_DELAY_MS = 300;

/**
 * A spinner that appears once connecting takes longer than a moment: one
 * that came and went within a second would only flicker. It also keeps the
 * first frame free of text Ink measures beyond ASCII (see narrow-glyphs.ts).
 */
function LateSpinner() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return shown ? (
    <>
      <Spinner type="dots" />{" "}
    </>
  ) : null;
}

/**
 * "GET /live-price: connection refused" → "connection refused" when the whole
 * service is out; "/live-price: the service failed, status 500" when one
 * endpoint is.
 */
function shortReason(reason: string, keepEndpoint = false): string {
  const text = reason.replace(/^[A-Z]+ (\/[\w-]+): /, keepEndpoint ? "$1: " : "");
  return text.length > 48 ? `${text.slice(0, 47)}…` : text;
}
