import { memo, useMemo } from "react";
import type { GameListing } from "../../api/schemas.js";
import { gameClock, type GamePhase } from "../../domain/game.js";
import { formatClock, formatCountdown, formatInterval, formatPrice, formatPriceChange } from "../../domain/format.js";
import { fromWireNumber } from "../../domain/money.js";
import { AgeBadge, ageAt, ageBadge, Pane } from "../Pane.js";
import { Line } from "../Line.js";
import { normalise, span, spansWidth } from "../spans.js";
import { glyphs, useTheme, type Tone } from "../theme.js";

const PHASE: Record<GamePhase, { label: string; tone: Tone }> = {
  next: { label: "NEXT", tone: "dim" },
  accepting: { label: "ACCEPTING", tone: "good" },
  locked: { label: "LOCKED LOBBY", tone: "warn" },
  settling: { label: "SETTLING", tone: "accent" },
};

export interface GamePaneProps {
  asset: string;
  interval: number;
  listing: GameListing | undefined;
  /** Server ms at which the listing arrived. */
  listingAt: number | undefined;
  livePrice: number | undefined;
  now: number;
  error: string | undefined;
  full: boolean;
  width: number;
  height: number;
  focused: boolean;
}

export const GamePane = memo(function GamePane(p: GamePaneProps) {
  const theme = useTheme();
  const g = glyphs(theme);
  const title = `GAME ${p.asset} ${formatInterval(p.interval)}${p.listing ? ` #${p.listing.liveGame.gid}` : ""}`;
  // Drawn every second, changed by a new listing or price only.
  const openPrice = p.listing?.liveGame.open_price;
  const aiPrice = p.listing?.liveGame.ai_price;
  const prices = useMemo(
    () => (openPrice === undefined || aiPrice === undefined ? undefined : { open: formatPrice(openPrice), ai: formatPrice(aiPrice) }),
    [openPrice, aiPrice],
  );
  const aiGap = useMemo(
    () => (p.livePrice === undefined || aiPrice === undefined ? null : formatPriceChange(fromWireNumber(p.livePrice).minus(aiPrice))),
    [p.livePrice, aiPrice],
  );
  const live = p.listing?.liveGame;
  const times = useMemo(
    () => (live === undefined ? "" : `start ${formatClock(live.start_at)} ${g.sep} closes ${formatClock(live.closes_at)} ${g.sep} ends ${formatClock(live.ends_at)}`),
    [live, g.sep],
  );
  if (!p.listing || !live || !prices) {
    return (
      <Pane title={title} width={p.width} height={p.height} focused={p.focused} right={<AgeBadge at={p.listingAt} stale={false} error={p.error} />}>
        <Line tone={p.error ? "bad" : "dim"}>{p.error ?? "loading the live game…"}</Line>
      </Pane>
    );
  }
  const clock = gameClock(p.listing, p.now);
  const phase = PHASE[clock.phase];
  // The listing's flags describe the moment it was fetched; the clock can overrule them in between.
  const canPlace = p.listing.can_place_position && clock.phase === "accepting";
  const early = p.listing.early_precision_window && clock.phase === "accepting";
  const countdowns = [
    ...(clock.phase === "accepting" ? ["closes in ", span(formatCountdown(clock.toClose), { bold: true }), "  "] : []),
    "ends in ",
    span(formatCountdown(clock.toEnd), { bold: true }),
    "  ",
  ];
  // The bar takes what the countdowns leave of the line (inside the border and padding).
  const barWidth = Math.max(5, p.width - 4 - spansWidth(normalise(countdowns)));
  const filled = Math.round(clock.progress * barWidth);

  const badge = (
    <Line>
      {[early && span(`${g.star} EARLY `, { tone: "accent" }), span(phase.label, { tone: phase.tone, bold: true, inverse: !theme.color })]}
    </Line>
  );
  return (
    <Pane title={title} width={p.width} height={p.height} focused={p.focused} right={badge}>
      <Line>
        {[
          ...countdowns,
          span(g.bar.repeat(filled), { tone: phase.tone }),
          span(g.barEmpty.repeat(barWidth - filled), { tone: "dim" }),
        ]}
      </Line>
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
        {[
          canPlace ? span("can place now", { tone: "good" }) : span("not accepting positions", { tone: "warn" }),
          span(`  next #${p.listing.nextGame.gid} in ${formatCountdown(clock.toNext)}`, { tone: "dim" }),
        ]}
      </Line>
      {p.full ? (
        <>
          <Line tone="dim">{times}</Line>
          <Line>{[ageBadge(ageAt(p.now, p.listingAt), false, p.error), p.error && span(` ${p.error}`, { tone: "bad" })]}</Line>
        </>
      ) : null}
    </Pane>
  );
});
