import { memo, useMemo } from "react";
import {
  dayOf,
  formatAge,
  formatCountdown,
  formatDistance,
  formatInterval,
  formatPercent,
  formatPrice,
  formatPriceChange,
  formatWhen,
  shortGid,
  strikeLabel,
  UNREADABLE_MARK,
} from "../../../domain/format.js";
import { type GamePhase, gameClock, type LockUrgency, lockUrgency, toNextGame } from "../../../domain/game.js";
import type { Decimal } from "../../../domain/money.js";
import { noLiveGameTitle } from "../../../domain/placement.js";
import { type Interval, inEarlyWindow } from "../../../domain/rules.js";
import { type GameListing, isReadable, type NextGame, type Unreadable } from "../../../domain/service-data.js";
import { AgeBadge, ageAt, ageBadge } from "../../age.js";
import { Line } from "../../Line.js";
import { bodyLines, innerWidth, Pane, type PaneFrame } from "../../Pane.js";
import type { Tone } from "../../palettes.js";
import { fitGroups, type Piece, piecesWidth, span } from "../../spans.js";
import { mark } from "../../symbols.js";
import { glyphs, signTone, type Theme, useTheme } from "../../theme.js";
import { PHASE_WORDS } from "./game-words.js";

const PHASE: Record<GamePhase, { label: string; tone: Tone }> = {
  next: { label: PHASE_WORDS.next.label, tone: "dim" },
  accepting: { label: PHASE_WORDS.accepting.label, tone: "good" },
  locked: { label: PHASE_WORDS.locked.label, tone: "warn" },
  settling: { label: PHASE_WORDS.settling.label, tone: "accent" },
};

export interface GamePaneProps extends PaneFrame {
  asset: string;
  interval: Interval;
  listing: GameListing | undefined;
  /** Server ms at which the listing arrived. */
  listingAt: number | undefined;
  livePrice: Decimal | undefined;
  /** How old the live price is, given only when it is past its refresh (staleAge): then it is no longer called live. */
  priceStaleAge?: number | undefined;
  now: number;
  error: string | undefined;
  /** The service answers and the listing is fresh: whether placing is possible is known (placingKnown). */
  placingKnown: boolean;
  /** The user's best position in the live game (bestRow): the price is measured from its strike; winning when its projected net is above 0. */
  best: { strike: Decimal; winning: boolean } | undefined;
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
      <Pane {...frame} framed={p.framed} right={<AgeBadge at={p.listingAt} stale={false} error={p.error} />}>
        <Line tone={p.error ? "bad" : "dim"}>{p.error ?? "loading the live game…"}</Line>
      </Pane>
    );
  }
  const ageLine =
    bodyLines(p) >= 4 ? <Line>{[...listingAge(p.now, p.listingAt, p.error), p.error && span(` ${p.error}`, { tone: "bad" })]}</Line> : null;
  if (live === undefined || live.open_price === undefined || live.ai_price === undefined) {
    // Between games, or an asset whose games are paused: say so, and what comes next.
    return (
      <Pane {...frame} framed={p.framed} right={<Line>{span("NO LIVE GAME", { tone: "warn", bold: true, inverse: !theme.color })}</Line>}>
        <Line tone="warn">{noLiveGameTitle(p.listing)}</Line>
        <Line tone="dim">{nextGameLine(p.listing, p.now, theme.ascii)}</Line>
        <Line tone="dim">not accepting positions</Line>
        {ageLine}
      </Pane>
    );
  }
  return (
    <Pane {...frame} framed={p.framed} right={<Line>{badge}</Line>}>
      <LiveGame
        listing={p.listing}
        listingAt={p.listingAt}
        live={live}
        livePrice={p.livePrice}
        priceStaleAge={p.priceStaleAge}
        best={p.best}
        now={p.now}
        width={innerWidth(p)}
        lines={bodyLines(p)}
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
  // The focus marker and a space before the badge.
  return full.length <= innerWidth(p) - 2 - 1 - badge ? full : `GAME${id}`;
}

/** The game's phase, and whether the early-precision window is open. */
function phaseBadge(p: { listing: GameListing; live: Live; now: number; interval: Interval }, theme: Theme): Piece[] {
  const clock = gameClock(p.live, p.now);
  const phase = PHASE[clock.phase];
  const accepting = clock.phase === "accepting";
  // The listing's flag describes the moment it was fetched (/spot is asked again only at a boundary): once the
  // clock is past the window by our rule (rules.ts), the flag is out of date.
  const flag = p.listing.early_precision_window;
  // A game taken from the schedule has no flag of its own yet: the window by our rule (rules.ts), which the sim keeps.
  const early = flag === true || p.live.provisional ? inEarlyWindow(p.interval, p.live.start_at, p.now) : flag;
  // A game taken from the schedule is in its phase by the clock only, not by the service's word: dim (GAME_WORDS).
  const byClock = p.live.provisional === true;
  return [
    accepting && early === true && span("EARLY ", { tone: byClock ? "dim" : "accent", bold: true }),
    accepting && !isReadable(early) && span(`early ${UNREADABLE_MARK} `, { tone: "dim" }),
    span(phase.label, { tone: byClock ? "dim" : phase.tone, bold: true, inverse: !theme.color && !byClock }),
  ];
}

/**
 * The live game, in as many lines as the pane has, most important first:
 * the countdown to the lock with the game's bar; the live price, its move
 * since the open and its distance from the best position's strike; whether
 * it takes positions and the next game; the open and ai prices; its times
 * and the listing's age.
 */
interface LiveGameProps {
  listing: GameListing;
  listingAt: number | undefined;
  live: Live;
  livePrice: Decimal | undefined;
  priceStaleAge: number | undefined;
  best: GamePaneProps["best"];
  now: number;
  /** Columns inside the pane. */
  width: number;
  /** Lines below the title. */
  lines: number;
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
  return (
    <>
      <CountdownLine live={live} now={p.now} width={p.width} />
      {p.lines >= 2 ? <PriceLine livePrice={p.livePrice} staleAge={p.priceStaleAge} best={p.best} live={live} width={p.width} /> : null}
      {p.lines >= 3 ? (
        <Line>
          {fitGroups(
            [
              [placeLine(accepting, live.provisional ? "by the clock" : p.listing.can_place_position, p.known)],
              [span(`  ${nextGameLine(p.listing, p.now, theme.ascii)}`, { tone: "dim" })],
            ],
            p.width,
          )}
        </Line>
      ) : null}
      {p.lines >= 4 ? <Line>{["open ", span(prices.open, { bold: true }), "  ai ", span(prices.ai, { bold: true })]}</Line> : null}
      {p.lines >= 5 ? <Line>{timesLine(`${times} ${g.sep} `, p, p.width)}</Line> : null}
    </>
  );
}

/** The listing's age said as one ("read 14s ago"): bare beside the game's times, "│ 14s" would read as a duration. */
function listingAge(now: number, at: number | undefined, error: string | undefined): Piece[] {
  const badge = ageBadge(ageAt(now, at), false, error);
  return at === undefined || error !== undefined ? [badge] : [span("read ", { tone: "dim" }), badge, span(" ago", { tone: "dim" })];
}

/** The game's times and the listing's age; where the row is too narrow for the age's words, the age alone. */
function timesLine(times: string, p: { now: number; listingAt: number | undefined; error?: string | undefined }, width: number): Piece[] {
  const row = (age: Piece[]) => [span(times, { tone: "dim" }), ...age, p.error && span(` ${p.error}`, { tone: "bad" })];
  const full = row(listingAge(p.now, p.listingAt, p.error));
  return piecesWidth(full) <= width ? full : row([ageBadge(ageAt(p.now, p.listingAt), false, p.error)]);
}

/** "closes in 0:13  ends in 0:18  ████░░░░": whole items, most important first; a narrow pane loses the bar, then the end's countdown. */
export function CountdownLine(p: { live: Live; now: number; width: number }) {
  const g = glyphs(useTheme());
  const clock = gameClock(p.live, p.now);
  const urgency = lockUrgency(p.live, p.now);
  const accepting = clock.phase === "accepting";
  const countdownsAt = (u: LockUrgency, beforeLock: boolean): Piece[] => {
    const groups = (short: boolean): Piece[][] => [
      lockCountdown(u, clock.toClose, beforeLock, short),
      [short ? "end " : "ends in ", span(formatCountdown(clock.toEnd), { bold: true }), "  "],
    ];
    // The lock's countdown is never the one dropped: too narrow for its words, both countdowns go short.
    const full = groups(false);
    return fitGroups(piecesWidth(full[0]!) <= p.width ? full : groups(true), p.width);
  };
  const countdowns = countdownsAt(urgency, accepting);
  // The bar keeps the room the loudest countdown ("!! closes in … ends in …") takes, from the game's start to
  // its end, so it neither jumps left as the lock nears nor at the lock, when the lock's countdown goes: the
  // quieter countdowns stand a few spaces further from it, and it fills at one pace all through the game.
  const reserved = Math.max(piecesWidth(countdowns), piecesWidth(countdownsAt("final", true)));
  const barWidth = p.width - reserved;
  const filled = Math.round(clock.progress * barWidth);
  return (
    <Line>
      {[
        ...countdowns,
        barWidth >= 5 && " ".repeat(reserved - piecesWidth(countdowns)),
        barWidth >= 5 && span(g.bar.repeat(filled), { tone: PHASE[clock.phase].tone }),
        barWidth >= 5 && span(g.barEmpty.repeat(barWidth - filled), { tone: "dim" }),
      ]}
    </Line>
  );
}

/** "closes in 0:13" ("closes 0:13" short), louder as the lock nears: a symbol as well as a colour, so it shows without colour too. */
function lockCountdown(urgency: LockUrgency, toClose: number, accepting: boolean, short: boolean): Piece[] {
  if (!accepting) return [];
  const left = formatCountdown(toClose);
  const words = short ? "closes" : "closes in";
  if (urgency === "final") return [span(`!! ${words} ${left}`, { tone: "bad", bold: true, inverse: true }), "  "];
  if (urgency === "soon") return [span(`! ${words} ${left}`, { tone: "warn", bold: true }), "  "];
  return [`${words} `, span(left, { bold: true }), "  "];
}

/**
 * "live 63,781.00 ▲ +12.40 (+0.02%)  best ◆@63,769 +12.00": the price, its
 * move since the open (▲/▼ and the colour both say which way), and how far
 * it is from the strike of the user's best position, ◆ when that position
 * is winning. Whole items: a narrow pane drops the best, then the move.
 * A price past its refresh (`staleAge`, after a switch back to an asset
 * looked at a while ago) is "last 63,858.66 42s ago", with no move or
 * distance: measured from it they would say where the price was, as now.
 */
export function PriceLine(p: {
  livePrice: Decimal | undefined;
  staleAge?: number | undefined;
  best: GamePaneProps["best"];
  live: Live;
  width: number;
}) {
  const theme = useTheme();
  const price = p.livePrice;
  if (price !== undefined && p.staleAge !== undefined) {
    return (
      <Line>
        {fitGroups(
          [["last ", span(formatPrice(price), { bold: true, tone: "dim" })], [span(` ${formatAge(p.staleAge)} ago`, { tone: "warn" })]],
          p.width,
        )}
      </Line>
    );
  }
  const open = !p.live.provisional && isReadable(p.live.open_price) ? p.live.open_price : undefined;
  const move = price !== undefined && open !== undefined ? price.minus(open) : undefined;
  const tone = signTone(move?.cmp(0) ?? 0);
  const groups: Piece[][] = [["live ", span(price === undefined ? "–" : formatPrice(price), { bold: true, tone })]];
  if (move !== undefined && open !== undefined) {
    const pct = open.isZero() ? "" : ` (${formatPercent(move.div(open).times(100))})`;
    const arrow = move.isZero() ? "" : ` ${mark(move.gt(0) ? "up" : "down", theme.ascii)}`;
    groups.push([span(`${arrow} ${formatPriceChange(move)}${pct}`, { tone })]);
  }
  if (p.best !== undefined && price !== undefined) {
    const winning = p.best.winning ? mark("winning", theme.ascii) : "";
    groups.push([
      span(`  best ${winning}${strikeLabel(p.best.strike)} `, { tone: "accent" }),
      span(formatDistance(price.minus(p.best.strike)), { bold: true, tone: "accent" }),
    ]);
  }
  return <Line>{fitGroups(groups, p.width)}</Line>;
}

function placeLine(accepting: boolean, canPlace: boolean | Unreadable | "by the clock", known: boolean): Piece {
  if (!accepting) return span("not accepting positions", { tone: "warn" });
  // The game accepts; the service takes no more from this trader now (ten held, or its own reason).
  if (canPlace === false) return span("not accepting yours now", { tone: "warn" });
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
