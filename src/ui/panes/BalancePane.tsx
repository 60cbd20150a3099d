import { memo } from "react";
import { formatMoney, formatMoneyChange, inCurrency, UNREADABLE_MARK } from "../../domain/format.js";
import type { Decimal } from "../../domain/money.js";
import { type Balance, readOr } from "../../domain/service-data.js";
import { AgeBadge, type Freshness } from "../age.js";
import { Line } from "../Line.js";
import { Pane, type PaneFrame } from "../Pane.js";
import { span } from "../spans.js";
import { signTone } from "../theme.js";

export interface BalancePaneProps extends PaneFrame, Freshness {
  currency: string;
  network: string;
  balance: Balance | undefined;
  sessionStart: Decimal | undefined;
  full: boolean;
}

export const BalancePane = memo(function BalancePane(p: BalancePaneProps) {
  const change = p.balance && p.sessionStart !== undefined ? p.balance.balance.minus(p.sessionStart) : null;
  const withdrawal = p.balance ? readOr(p.balance.withdrawal_req, UNREADABLE_MARK) : undefined;
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
          <Line tone={withdrawal === "none" ? "dim" : "warn"}>{`withdrawal ${withdrawal}`}</Line>
          {p.full && p.error ? <Line tone="bad">{p.error}</Line> : null}
        </>
      ) : (
        <Line tone={p.error ? "bad" : "dim"}>{p.error ?? "loading…"}</Line>
      )}
    </Pane>
  );
});
