import { Box, Text } from "ink";
import Spinner from "ink-spinner";
import { memo, useEffect, useState } from "react";
import { shortBackend } from "../../backend-label.js";
import { formatAge, formatInterval } from "../../domain/format.js";
import type { Connection } from "../../poller/snapshot.js";
import { Line } from "../Line.js";
import type { Tone } from "../palettes.js";
import { fitGroups, type Piece, piecesWidth, span } from "../spans.js";
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
  /** The name of the strategy while it is armed (places by itself): said after the market, kept in sight before the backend and the book. */
  armed?: string | undefined;
}

/** Below this width the book's line takes the backend's place: the games held matter more at a glance than where they come from. */
const HEADER_ROOMY_COLS = 120;

export const Header = memo(function Header(p: HeaderProps) {
  const theme = useTheme();
  return (
    <Box width={p.width} height={1} flexShrink={0}>
      <Box flexGrow={1} flexShrink={1}>
        <Line>{headerPieces(p, glyphs(theme).sep, theme.ascii)}</Line>
      </Box>
      <Box flexShrink={0} marginLeft={1}>
        <ConnectionBadge {...p} />
      </Box>
    </Box>
  );
}, sameHeader);

/**
 * The left of the header: the name, the backend, the network, the market,
 * an armed strategy, the book's line, read-only. Where they would not fit
 * beside the connection's badge, parts go in turn (HEADER_GIVES_UP); the
 * network, MAINNET above all, stays. The book's line and read-only follow
 * where they fit, the book's by whole items.
 */
function headerPieces(p: HeaderProps, glyph: string, ascii: boolean): Piece[] {
  const sep = span(` ${glyph} `, { tone: "dim" });
  const make = (gone: ReadonlySet<HeaderPart>): Piece[] => [
    !gone.has("name") && span("spotdash", { bold: true }),
    !gone.has("name") && sep,
    ...backendPieces(p.backend, gone, sep),
    p.network === "mainnet"
      ? span(gone.has("realFunds") ? " MAINNET " : " MAINNET — REAL FUNDS ", { bold: true, inverse: true, tone: "mainnet" })
      : span("testnet", { tone: "dim" }),
    ...(gone.has("market") ? [] : [sep, `${p.asset} ${formatInterval(p.interval)}`]),
    p.armed !== undefined && sep,
    p.armed !== undefined && span(gone.has("strategyName") ? "ARMED" : `ARMED ${p.armed}`, { bold: true, tone: "warn" }),
  ];
  const trouble = p.connection.state !== "ok" && p.connection.state !== "connecting";
  const order = HEADER_GIVES_UP[trouble ? "trouble" : "ok"];
  // Healthy, with games held elsewhere in sight, the book's line takes the backend's place below HEADER_ROOMY_COLS.
  const gone = new Set<HeaderPart>(!trouble && p.book !== undefined && p.width < HEADER_ROOMY_COLS ? ["backendAddress"] : []);
  const room = p.width - 1 - badgeWidth(p, ascii);
  for (const part of order) {
    if (piecesWidth(make(gone)) <= room) break;
    gone.add(part);
  }
  const head = make(gone);
  // Read-only is said whole or not at all, then the book's line by whole items ("1 game · 1 position · proj …").
  const readOnly = ` ${glyph} read-only`;
  const readonly = p.readonly && piecesWidth(head) + readOnly.length <= room ? [span(readOnly, { tone: "warn" })] : [];
  const left = room - piecesWidth([...head, ...readonly]);
  const book = p.book === undefined ? [] : p.book.split(" · ").map((item, i) => [i === 0 ? sep : " · ", span(item, { tone: "accent" })]);
  return [...head, ...fitGroups(book, left), ...readonly];
}

/** The backend's label, or what a narrower header keeps of it ("SIM" of "SIM 127.0.0.1:8787"), or nothing. */
function backendPieces(label: string, gone: ReadonlySet<HeaderPart>, sep: Piece): Piece[] {
  const shown = gone.has("backend") ? undefined : gone.has("backendAddress") ? shortBackend(label) : label;
  return shown === undefined ? [] : [shown, sep];
}

type HeaderPart = "name" | "backendAddress" | "backend" | "market" | "realFunds" | "strategyName";

/**
 * What the header gives up first where it is narrow. Healthy, the market
 * matters more than where it comes from, but that it is a sim more than
 * the name: a sim's address goes first (a service's host with it), then
 * the name, then "SIM". While the badge names a failure (offline, a
 * refused key, an endpoint failing), the service it was pointed at is
 * what the failure is about, and the game pane names the market.
 */
const HEADER_GIVES_UP: Record<"ok" | "trouble", readonly HeaderPart[]> = {
  ok: ["backendAddress", "name", "backend", "realFunds", "strategyName"],
  trouble: ["market", "name", "backendAddress", "realFunds", "strategyName"],
};

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
  const b = badge(p, theme.ascii);
  // The only spinner on screen, and only until the first answer: each one runs its own timer.
  if (b === undefined) return <Text color={tone(theme, "dim")}>{theme.ascii ? null : <LateSpinner />}connecting</Text>;
  return <Line tone={b.tone}>{b.text}</Line>;
}

/** The connection's state as the badge says it; undefined while connecting (a spinner and "connecting"). */
function badge(p: HeaderProps, ascii: boolean): { text: string; tone: Tone } | undefined {
  const c = p.connection;
  const inS = (t: number) => `${Math.max(0, Math.ceil((t - p.localNow) / 1000))} s`;
  switch (c.state) {
    case "connecting":
      return undefined;
    case "rate_limited":
      return { tone: "warn", text: `rate limited, resuming in ${inS(c.resumeAt)}` };
    case "offline":
      return { tone: "bad", text: `offline (${shortReason(c.reason)}), retry in ${inS(c.retryAt)}` };
    case "degraded":
      // One endpoint failing while the rest answer: which one matters.
      return { tone: "warn", text: `degraded (${shortReason(c.reason, true)}), retry in ${inS(c.retryAt)}` };
    case "unauthorized":
      return { tone: "bad", text: "API key refused — check METAFIDE_API_KEY" };
    case "ok":
      return p.stale
        ? { tone: "warn", text: `stale: last data ${p.age === undefined ? "never" : formatAge(p.age)} ago` }
        : { tone: "good", text: `${mark("live", ascii)} live` };
  }
}

/** The badge's columns, the spinner's included. */
function badgeWidth(p: HeaderProps, ascii: boolean): number {
  const b = badge(p, ascii);
  return b === undefined ? "connecting".length + (ascii ? 0 : 2) : piecesWidth([b.text]);
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
