import { memo, useMemo } from "react";
import {
  dayOf,
  formatCountdown,
  formatDistance,
  formatInterval,
  formatPrice,
  formatWhen,
  shortGid,
  strikeLabel,
  UNREADABLE_MARK,
} from "../../domain/format.js";
import { type GamePhase, gameClock, type LockUrgency, lockUrgency, toNextGame } from "../../domain/game.js";
import type { Decimal } from "../../domain/money.js";
import { noLiveGameTitle } from "../../domain/placement.js";
import { nearestStrike } from "../../domain/positions.js";
import { type Interval, inEarlyWindow } from "../../domain/rules.js";
import { type GameListing, isReadable, type NextGame, type Unreadable } from "../../domain/service-data.js";
import { AgeBadge, ageAt, ageBadge } from "../age.js";
import { Line } from "../Line.js";
import { Pane, type PaneFrame } from "../Pane.js";
import { fitGroups, type Piece, piecesWidth, span } from "../spans.js";
import { glyphs, signTone, type Theme, type Tone, useTheme } from "../theme.js";

const PHASE: Record<GamePhase, { label: string; tone: Tone }> = {
  next: { label: "NEXT", tone: "dim" },
  accepting: { label: "ACCEPTING", tone: "good" },
  locked: { label: "LOCKED LOBBY", tone: "warn" },
  settling: { label: "SETTLING", tone: "accent" },
};

export interface GamePaneProps extends PaneFrame {
  asset: string;
  interval: Interval;
  listing: GameListing | undefined;
  /** Server ms at which the listing arrived. */
  listingAt: number | undefined;
  livePrice: Decimal | undefined;
  now: number;
  error: string | undefined;
  full: boolean;
  /** The service answers and the listing is fresh: whether placing is possible is known (placingKnown). */
  placingKnown: boolean;
  /** The user's strikes in the live game: the one nearest the price leads. */
  strikes: readonly Decimal[];
}

export const GamePane = memo(function GamePane(p: GamePaneProps) {
  const theme = useTheme();
  const live = p.listing?.liveGame ?? undefined;
  const badge = p.listing && live ? phaseBadge({ listing: p.listing, live, now: p.now, interval: p.interval }, theme) : [];
  const frame = {
    title: gameTitle(p, live === undefined ? undefined : shortGid(live.gid, theme.ascii), piecesWidth(badge)),
    width: p.width,
    height: p.height,
    focused: p.focused,
  };
  if (!p.listing) {
    return (
      <Pane {...frame} right={<AgeBadge at={p.listingAt} stale={false} error={p.error} />}>
        <Line tone={p.error ? "bad" : "dim"}>{p.error ?? "loading the live game…"}</Line>
      </Pane>
    );
  }
  const ageLine = p.full ? (
    <Line>{[ageBadge(ageAt(p.now, p.listingAt), false, p.error), p.error && span(` ${p.error}`, { tone: "bad" })]}</Line>
  ) : null;
  if (live === undefined || live.open_price === undefined || live.ai_price === undefined) {
    // Between games, or an asset whose games are paused: say so, and what comes next.
    return (
      <Pane {...frame} right={<Line>{span("NO LIVE GAME", { tone: "warn", bold: true, inverse: !theme.color })}</Line>}>
        <Line tone="warn">{noLiveGameTitle(p.listing)}</Line>
        <Line tone="dim">{nextGameLine(p.listing, p.now, theme.ascii)}</Line>
        <Line tone="dim">not accepting positions</Line>
        {ageLine}
      </Pane>
    );
  }
  return (
    <Pane {...frame} right={<Line>{badge}</Line>}>
      <LiveGame
        listing={p.listing}
        listingAt={p.listingAt}
        live={live}
        livePrice={p.livePrice}
        strikes={p.strikes}
        now={p.now}
        width={p.width}
        full={p.full}
        known={p.placingKnown}
        error={p.error}
      />
    </Pane>
  );
});

type Live = NonNullable<GameListing["liveGame"]>;

/**
 * "GAME BTC_USDT 1m #489886"; when the pane is too narrow beside its badge
 * (`badge` columns), the asset and interval go first (the header names
 * them), the game id last.
 */
function gameTitle(p: GamePaneProps, gid: string | undefined, badge: number): string {
  const id = gid === undefined ? "" : ` #${gid}`;
  const full = `GAME ${p.asset} ${formatInterval(p.interval)}${id}`;
  // Border, padding, the focus marker and a space before the badge.
  return full.length <= p.width - 4 - 2 - 1 - badge ? full : `GAME${id}`;
}

/** The game's phase, and whether the early-precision window is open. */
function phaseBadge(p: { listing: GameListing; live: Live; now: number; interval: Interval }, theme: Theme): Piece[] {
  const g = glyphs(theme);
  const clock = gameClock(p.live, p.now);
  const phase = PHASE[clock.phase];
  const accepting = clock.phase === "accepting";
  // The listing's flag describes the moment it was fetched (/spot is asked again only at a boundary): once the
  // clock is past the window by our rule (rules.ts), the flag is out of date.
  const flag = p.listing.early_precision_window;
  // A game taken from the schedule has no flag of its own yet: the window by our rule (rules.ts), which the sim keeps.
  const early = flag === true || p.live.provisional ? inEarlyWindow(p.interval, p.live.start_at, p.now) : flag;
  return [
    accepting && early === true && span(`${g.star} EARLY `, { tone: "accent" }),
    accepting && !isReadable(early) && span(`early ${UNREADABLE_MARK} `, { tone: "dim" }),
    span(phase.label, { tone: phase.tone, bold: true, inverse: !theme.color }),
  ];
}

/**
 * The live game: the countdown to the lock first and emphasised, the live
 * price and the leading strike's distance, the open and ai prices (full),
 * whether it takes positions, and (full) its times and the listing's age.
 */
interface LiveGameProps {
  listing: GameListing;
  listingAt: number | undefined;
  live: Live;
  livePrice: Decimal | undefined;
  /** The user's strikes in this game. */
  strikes: readonly Decimal[];
  now: number;
  width: number;
  full: boolean;
  known: boolean;
  error: string | undefined;
}

function LiveGame(p: LiveGameProps) {
  const theme = useTheme();
  const g = glyphs(theme);
  const { live } = p;
  // Drawn every second, changed by a new listing only.
  const prices = useMemo(
    () => (live.provisional ? { open: "–", ai: "–" } : { open: formatPrice(live.open_price), ai: formatPrice(live.ai_price) }),
    [live],
  );
  // Dates show for times on another day (a day-long game's start and end): recomputed when the day turns.
  const today = dayOf(p.now);
  const times = useMemo(() => {
    const when = (t: number) => formatWhen(t, today);
    return `start ${when(live.start_at)} ${g.sep} closes ${when(live.closes_at)} ${g.sep} ends ${when(live.ends_at)}`;
  }, [live, g.sep, today]);
  const clock = gameClock(live, p.now);
  const accepting = clock.phase === "accepting";
  const inner = p.width - 4;
  // Whole items, most important first: a narrow pane loses the bar, then the end's countdown, never half of one.
  const countdowns = fitGroups(
    [
      lockCountdown(lockUrgency(live, p.now), clock.toClose, accepting),
      ["ends in ", span(formatCountdown(clock.toEnd), { bold: true }), "  "],
    ],
    inner,
  );
  const barWidth = inner - piecesWidth(countdowns);
  const filled = Math.round(clock.progress * barWidth);
  return (
    <>
      <Line>
        {[
          ...countdowns,
          barWidth >= 5 && span(g.bar.repeat(filled), { tone: PHASE[clock.phase].tone }),
          barWidth >= 5 && span(g.barEmpty.repeat(barWidth - filled), { tone: "dim" }),
        ]}
      </Line>
      <PriceLine livePrice={p.livePrice} strikes={p.strikes} live={live} full={p.full} prices={prices} width={inner} />
      {p.full ? <Line>{["open ", span(prices.open, { bold: true }), "  ai ", span(prices.ai, { bold: true })]}</Line> : null}
      <Line>
        {fitGroups(
          [
            [placeLine(accepting, live.provisional ? "by the clock" : p.listing.can_place_position, p.known)],
            [span(`  ${nextGameLine(p.listing, p.now, theme.ascii)}`, { tone: "dim" })],
          ],
          inner,
        )}
      </Line>
      {p.full ? (
        <Line>
          {[
            span(`${times} ${g.sep} `, { tone: "dim" }),
            ageBadge(ageAt(p.now, p.listingAt), false, p.error),
            p.error && span(` ${p.error}`, { tone: "bad" }),
          ]}
        </Line>
      ) : null}
    </>
  );
}

/** "closes in 0:13", louder as the lock nears: a symbol as well as a colour, so it shows without colour too. */
function lockCountdown(urgency: LockUrgency, toClose: number, accepting: boolean): Piece[] {
  if (!accepting) return [];
  const left = formatCountdown(toClose);
  if (urgency === "final") return [span(`!! closes in ${left}`, { tone: "bad", bold: true, inverse: true }), "  "];
  if (urgency === "soon") return [span(`! closes in ${left}`, { tone: "warn", bold: true }), "  "];
  return ["closes in ", span(left, { bold: true }), "  "];
}

/**
 * "live 63,781.00 ▲ · lead @63,769 ▲ 12.00": the price and how far it is
 * from the user's leading strike (the one nearest it). Without positions
 * the compact pane shows the open and ai prices here instead.
 */
function PriceLine(p: {
  livePrice: Decimal | undefined;
  strikes: readonly Decimal[];
  live: Live;
  full: boolean;
  prices: { open: string; ai: string };
  /** Columns inside the pane. */
  width: number;
}) {
  const theme = useTheme();
  const price = p.livePrice;
  const lead = price === undefined ? undefined : nearestStrike(p.strikes, price);
  const open = isReadable(p.live.open_price) ? p.live.open_price : undefined;
  const side = price !== undefined && open !== undefined ? price.cmp(open) : 0;
  const value = span(price === undefined ? "–" : formatPrice(price), { bold: true, tone: signTone(side) });
  const distance = lead && price ? span(formatDistance(price.minus(lead), glyphs(theme)), { bold: true, tone: "accent" }) : undefined;
  const groups: Piece[][] = [["live ", value]];
  if (lead !== undefined && distance !== undefined) groups.push([span(`  lead ${strikeLabel(lead)} `, { tone: "accent" }), distance]);
  else if (!p.full) groups.push(["  open ", span(p.prices.open, { bold: true })], ["  ai ", span(p.prices.ai, { bold: true })]);
  // Too narrow for the labels: the price and the lead's distance without them ("67,003.65 @67,120 ▼ 116.35").
  const bare: Piece[][] = lead && distance ? [[value, span(` ${strikeLabel(lead)} `, { tone: "accent" }), distance]] : groups;
  const pieces = fitGroups(piecesWidth(groups.flat()) <= p.width ? groups : bare, p.width);
  return <Line>{pieces}</Line>;
}

function placeLine(accepting: boolean, canPlace: boolean | Unreadable | "by the clock", known: boolean): Piece {
  if (!accepting || canPlace === false) return span("not accepting positions", { tone: "warn" });
  // Offline or on an old listing, "can place now" would be a guess.
  if (!known) return span("placing unknown: no fresh data", { tone: "warn" });
  // A game taken from the schedule: open by its times, the service has not listed it yet.
  if (canPlace === "by the clock") return span("open by the clock, its listing on the way", { tone: "dim" });
  // The service did not say: the clock says it is accepting, and the service has the last word.
  if (!isReadable(canPlace)) return span(`can place ${UNREADABLE_MARK}`, { tone: "dim" });
  return span("can place now", { tone: "good" });
}

/** "next #489887 in 1:10", or why there is none to show. */
function nextGameLine(listing: GameListing, now: number, ascii: boolean): string {
  if (listing.liveGame?.provisional) return "next game –";
  const next = listing.nextGame;
  if (next === null) return "no next game announced";
  if (!isReadable(next)) return `next game ${UNREADABLE_MARK}`;
  return `next${gidOf(next, ascii)} in ${formatCountdown(toNextGame(listing, now) ?? 0)}`;
}

function gidOf(next: NextGame, ascii: boolean): string {
  return ` #${isReadable(next.gid) ? shortGid(next.gid, ascii) : UNREADABLE_MARK}`;
}
