import { memo } from "react";
import { formatMoney, formatMoneyChange, inCurrency, shortGid, UNREADABLE_MARK } from "../../domain/format.js";
import type { Decimal } from "../../domain/money.js";
import type { GameOutcome, LastGameCard } from "../../domain/results.js";
import { type Balance, readOr } from "../../domain/service-data.js";
import { AgeBadge, type Freshness } from "../age.js";
import { Line } from "../Line.js";
import { Pane, type PaneFrame } from "../Pane.js";
import { fitGroups, piecesWidth, span } from "../spans.js";
import { glyphs, signTone, type Tone, useTheme } from "../theme.js";

export interface BalancePaneProps extends PaneFrame, Freshness {
  currency: string;
  network: string;
  balance: Balance | undefined;
  sessionStart: Decimal | undefined;
  /** The last game of the user's that settled: shown until the next one does. */
  last: LastGameCard | undefined;
  full: boolean;
}

const OUTCOME_TONE: Record<GameOutcome, Tone> = { won: "up", lost: "down", even: "dim", cancelled: "warn", unknown: "dim" };

/** The balance, the session's change and any withdrawal; under them the LAST GAME card, as many of its lines as fit. */
export const BalancePane = memo(function BalancePane(p: BalancePaneProps) {
  const change = p.balance && p.sessionStart !== undefined ? p.balance.balance.minus(p.sessionStart) : null;
  const withdrawal = p.balance ? readOr(p.balance.withdrawal_req, UNREADABLE_MARK) : undefined;
  // Border and title take three rows; a pending withdrawal is worth a line, "none" is not.
  const room = p.height - 3 - 2 - (withdrawal === "none" ? 0 : 1) - (p.full && p.error ? 1 : 0);
  return (
    <Pane
      title={`BALANCE ${p.network}`}
      width={p.width}
      height={p.height}
      focused={p.focused}
      right={<AgeBadge at={p.at} stale={p.stale} error={p.error} />}
    >
      {p.balance ? (
        <>
          <Line>
            {[
              span(`${p.currency} `, { tone: "dim" }),
              span(formatMoney(p.balance.balance), { bold: true, tone: p.stale ? "dim" : undefined }),
            ]}
          </Line>
          <Line>
            {["session ", span(change ? inCurrency(formatMoneyChange(change), p.currency) : "–", { tone: signTone(change?.cmp(0) ?? 0) })]}
          </Line>
          {withdrawal === "none" ? null : <Line tone="warn">{`withdrawal ${withdrawal}`}</Line>}
          {p.full && p.error ? <Line tone="bad">{p.error}</Line> : null}
        </>
      ) : (
        <Line tone={p.error ? "bad" : "dim"}>{p.error ?? "loading…"}</Line>
      )}
      {p.last && p.balance ? <LastGame card={p.last} lines={room} width={p.width - 4} /> : null}
    </Pane>
  );
});

/**
 * "LAST #…894101 LOST -24.70 USDC" / "staked 25.10 · paid 0.40" /
 * "close 63,770.12 · @63,769 ▲ 1.12": the outcome first, so one line is
 * enough to know it.
 */
function LastGame({ card, lines, width }: { card: LastGameCard; lines: number; width: number }) {
  const theme = useTheme();
  const sep = ` ${glyphs(theme).sep} `;
  const tone = OUTCOME_TONE[card.outcome];
  if (lines < 1) return null;
  const id = span(`#${shortGid(card.gid, theme.ascii)} `, { tone: "dim" });
  // A narrow pane drops the id before the outcome and the amount.
  const head = [
    span("LAST ", { bold: true }),
    id,
    span(card.word, { bold: true, tone, inverse: !theme.color }),
    span(` ${inCurrency(card.net, card.currency)}`, { bold: true, tone }),
  ];
  return (
    <>
      <Line>
        {fitGroups(
          (piecesWidth(head) <= width ? head : head.filter((piece) => piece !== id)).map((piece) => [piece]),
          width,
        )}
      </Line>
      {lines >= 2 ? <Line tone="dim">{`staked ${card.staked}${sep}paid ${card.paid}`}</Line> : null}
      {lines >= 3 ? (
        <Line tone="dim">{`close ${card.close}${card.best ? `${sep}${card.best.strike} ${card.best.distance}` : ""}`}</Line>
      ) : null}
    </>
  );
}
