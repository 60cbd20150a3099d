import { Box, Text } from "ink";
import { memo } from "react";
import type { GameListing } from "../../api/schemas.js";
import { gameClock, type GamePhase } from "../../domain/game.js";
import { formatClock, formatCountdown, formatInterval, formatPrice, formatPriceChange } from "../../domain/format.js";
import { fromWireNumber } from "../../domain/money.js";
import { AgeBadge, Pane } from "../Pane.js";
import { glyphs, tone, useTheme, type Tone } from "../theme.js";

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
  const age = p.listingAt === undefined ? undefined : p.now - p.listingAt;
  if (!p.listing) {
    return (
      <Pane title={title} width={p.width} height={p.height} focused={p.focused} right={<AgeBadge age={age} stale={false} error={p.error} />}>
        <Text color={p.error ? tone(theme, "bad") : tone(theme, "dim")} wrap="truncate-end">
          {p.error ?? "loading the live game…"}
        </Text>
      </Pane>
    );
  }
  const live = p.listing.liveGame;
  const clock = gameClock(p.listing, p.now);
  const phase = PHASE[clock.phase];
  // The listing's flags describe the moment it was fetched; the clock can overrule them in between.
  const canPlace = p.listing.can_place_position && clock.phase === "accepting";
  const early = p.listing.early_precision_window && clock.phase === "accepting";
  const barWidth = Math.max(10, p.width - 30);
  const filled = Math.round(clock.progress * barWidth);
  const aiGap = p.livePrice === undefined ? null : fromWireNumber(p.livePrice).minus(live.ai_price);

  const badge = (
    <Text>
      {early ? <Text color={tone(theme, "accent")}>{g.star} EARLY </Text> : null}
      <Text color={tone(theme, phase.tone)} bold inverse={!theme.color}>
        {phase.label}
      </Text>
    </Text>
  );
  return (
    <Pane title={title} width={p.width} height={p.height} focused={p.focused} right={badge}>
      <Text wrap="truncate-end">
        {clock.phase === "accepting" ? (
          <>
            closes in <Text bold>{formatCountdown(clock.toClose)}</Text>
            {"  "}
          </>
        ) : null}
        ends in <Text bold>{formatCountdown(clock.toEnd)}</Text>
        {"  "}
        <Text color={tone(theme, phase.tone)}>{g.bar.repeat(filled)}</Text>
        <Text color={tone(theme, "dim")}>{g.barEmpty.repeat(barWidth - filled)}</Text>
      </Text>
      <Text wrap="truncate-end">
        open <Text bold>{formatPrice(live.open_price)}</Text>
        {"  "}ai <Text bold>{formatPrice(live.ai_price)}</Text>
        {aiGap !== null ? <Text color={tone(theme, "dim")}> (live {formatPriceChange(aiGap)})</Text> : null}
      </Text>
      <Text wrap="truncate-end">
        {canPlace ? <Text color={tone(theme, "good")}>can place now</Text> : <Text color={tone(theme, "warn")}>not accepting positions</Text>}
        <Text color={tone(theme, "dim")}>
          {"  "}next #{p.listing.nextGame.gid} in {formatCountdown(clock.toNext)}
        </Text>
      </Text>
      {p.full ? (
        <>
          <Text color={tone(theme, "dim")} wrap="truncate-end">
            start {formatClock(live.start_at)} {g.sep} closes {formatClock(live.closes_at)} {g.sep} ends {formatClock(live.ends_at)}
          </Text>
          <Box>
            <AgeBadge age={age} stale={false} error={p.error} />
            {p.error ? <Text color={tone(theme, "bad")} wrap="truncate-end"> {p.error}</Text> : null}
          </Box>
        </>
      ) : null}
    </Pane>
  );
});
