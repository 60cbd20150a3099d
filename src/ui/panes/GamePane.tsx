import { memo, useMemo } from "react";
import { formatClock, formatCountdown, formatInterval, formatPrice, formatPriceChange, UNREADABLE_MARK } from "../../domain/format.js";
import { type GamePhase, gameClock, toNextGame } from "../../domain/game.js";
import type { Decimal } from "../../domain/money.js";
import { noLiveGameTitle } from "../../domain/placement.js";
import { type GameListing, isReadable, type NextGame, type Unreadable } from "../../domain/service-data.js";
import { AgeBadge, ageAt, ageBadge } from "../age.js";
import { Line } from "../Line.js";
import { Pane, type PaneFrame } from "../Pane.js";
import { normalise, type Piece, span, spansWidth } from "../spans.js";
import { glyphs, type Tone, useTheme } from "../theme.js";

const PHASE: Record<GamePhase, { label: string; tone: Tone }> = {
  next: { label: "NEXT", tone: "dim" },
  accepting: { label: "ACCEPTING", tone: "good" },
  locked: { label: "LOCKED LOBBY", tone: "warn" },
  settling: { label: "SETTLING", tone: "accent" },
};

export interface GamePaneProps extends PaneFrame {
  asset: string;
  interval: number;
  listing: GameListing | undefined;
  /** Server ms at which the listing arrived. */
  listingAt: number | undefined;
  livePrice: Decimal | undefined;
  now: number;
  error: string | undefined;
  full: boolean;
  /** The service answers and the listing is fresh: whether placing is possible is known (placingKnown). */
  placingKnown: boolean;
}

export const GamePane = memo(function GamePane(p: GamePaneProps) {
  const theme = useTheme();
  const live = p.listing?.liveGame ?? undefined;
  const frame = {
    title: `GAME ${p.asset} ${formatInterval(p.interval)}${live ? ` #${live.gid}` : ""}`,
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
        <Line tone="dim">{nextGameLine(p.listing, p.now)}</Line>
        <Line tone="dim">not accepting positions</Line>
        {ageLine}
      </Pane>
    );
  }
  return (
    <Pane {...frame} right={<PhaseBadge listing={p.listing} live={live} now={p.now} />}>
      <LiveGame listing={p.listing} live={live} livePrice={p.livePrice} now={p.now} width={p.width} full={p.full} known={p.placingKnown} />
      {p.full ? ageLine : null}
    </Pane>
  );
});

type Live = NonNullable<GameListing["liveGame"]>;

/** The game's phase, and whether the early-precision window is open. */
function PhaseBadge(p: { listing: GameListing; live: Live; now: number }) {
  const theme = useTheme();
  const g = glyphs(theme);
  const clock = gameClock(p.live, p.now);
  const phase = PHASE[clock.phase];
  const accepting = clock.phase === "accepting";
  // The listing's flags describe the moment it was fetched; the clock can overrule them in between.
  const early = p.listing.early_precision_window;
  return (
    <Line>
      {[
        accepting && early === true && span(`${g.star} EARLY `, { tone: "accent" }),
        accepting && !isReadable(early) && span(`early ${UNREADABLE_MARK} `, { tone: "dim" }),
        span(phase.label, { tone: phase.tone, bold: true, inverse: !theme.color }),
      ]}
    </Line>
  );
}

/** The live game's countdowns and progress, its prices, whether it takes positions, and (full) its times. */
interface LiveGameProps {
  listing: GameListing;
  live: Live;
  livePrice: Decimal | undefined;
  now: number;
  width: number;
  full: boolean;
  known: boolean;
}

function LiveGame(p: LiveGameProps) {
  const g = glyphs(useTheme());
  const { live } = p;
  // Drawn every second, changed by a new listing or price only.
  const prices = useMemo(() => ({ open: formatPrice(live.open_price), ai: formatPrice(live.ai_price) }), [live]);
  const aiGap = useMemo(
    () => (p.livePrice === undefined || !isReadable(live.ai_price) ? null : formatPriceChange(p.livePrice.minus(live.ai_price))),
    [p.livePrice, live],
  );
  const times = useMemo(
    () => `start ${formatClock(live.start_at)} ${g.sep} closes ${formatClock(live.closes_at)} ${g.sep} ends ${formatClock(live.ends_at)}`,
    [live, g.sep],
  );
  const clock = gameClock(live, p.now);
  const tone = PHASE[clock.phase].tone;
  const accepting = clock.phase === "accepting";
  const countdowns = [
    ...(accepting ? ["closes in ", span(formatCountdown(clock.toClose), { bold: true }), "  "] : []),
    "ends in ",
    span(formatCountdown(clock.toEnd), { bold: true }),
    "  ",
  ];
  // The bar takes what the countdowns leave of the line (inside the border and padding).
  const barWidth = Math.max(5, p.width - 4 - spansWidth(normalise(countdowns)));
  const filled = Math.round(clock.progress * barWidth);
  return (
    <>
      <Line>{[...countdowns, span(g.bar.repeat(filled), { tone }), span(g.barEmpty.repeat(barWidth - filled), { tone: "dim" })]}</Line>
      <Line>
        {[
          "open ",
          span(prices.open, { bold: true }),
          "  ai ",
          span(prices.ai, { bold: true }),
          aiGap !== null && span(` (live ${aiGap})`, { tone: "dim" }),
        ]}
      </Line>
      <Line>
        {[placeLine(accepting, p.listing.can_place_position, p.known), span(`  ${nextGameLine(p.listing, p.now)}`, { tone: "dim" })]}
      </Line>
      {p.full ? <Line tone="dim">{times}</Line> : null}
    </>
  );
}

function placeLine(accepting: boolean, canPlace: boolean | Unreadable, known: boolean): Piece {
  if (!accepting || canPlace === false) return span("not accepting positions", { tone: "warn" });
  // Offline or on an old listing, "can place now" would be a guess.
  if (!known) return span("placing unknown: no fresh data", { tone: "warn" });
  // The service did not say: the clock says it is accepting, and the service has the last word.
  if (!isReadable(canPlace)) return span(`can place ${UNREADABLE_MARK}`, { tone: "dim" });
  return span("can place now", { tone: "good" });
}

/** "next #489887 in 1:10", or why there is none to show. */
function nextGameLine(listing: GameListing, now: number): string {
  const next = listing.nextGame;
  if (next === null) return "no next game announced";
  if (!isReadable(next)) return `next game ${UNREADABLE_MARK}`;
  return `next${gidOf(next)} in ${formatCountdown(toNextGame(listing, now) ?? 0)}`;
}

function gidOf(next: NextGame): string {
  return ` #${isReadable(next.gid) ? next.gid : UNREADABLE_MARK}`;
}
