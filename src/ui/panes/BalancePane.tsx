import { memo } from "react";
import type { Balance } from "../../api/schemas.js";
import { formatMoney, formatMoneyChange } from "../../domain/format.js";
import { Decimal } from "../../domain/money.js";
import { AgeBadge, Pane } from "../Pane.js";
import { Line } from "../Line.js";
import { span } from "../spans.js";

export interface BalancePaneProps {
  currency: string;
  network: string;
  balance: Balance | undefined;
  sessionStart: string | undefined;
  /** Server ms the balance arrived. */
  at: number | undefined;
  stale: boolean;
  error: string | undefined;
  full: boolean;
  width: number;
  height: number;
  focused: boolean;
}

export const BalancePane = memo(function BalancePane(p: BalancePaneProps) {
  const change = p.balance && p.sessionStart !== undefined ? new Decimal(p.balance.balance).minus(p.sessionStart) : null;
  return (
    <Pane title={`BALANCE ${p.network}`} width={p.width} height={p.height} focused={p.focused} right={<AgeBadge at={p.at} stale={p.stale} error={p.error} />}>
      {p.balance ? (
        <>
          <Line>{[span(`${p.currency} `, { tone: "dim" }), span(formatMoney(p.balance.balance), { bold: true, tone: p.stale ? "dim" : undefined })]}</Line>
          <Line>
            {["session ", span(change ? formatMoneyChange(change) : "–", { tone: change?.gt(0) ? "up" : change?.lt(0) ? "down" : "dim" })]}
          </Line>
          <Line tone={p.balance.withdrawal_req === "none" ? "dim" : "warn"}>{`withdrawal ${p.balance.withdrawal_req}`}</Line>
          {p.full && p.error ? <Line tone="bad">{p.error}</Line> : null}
        </>
      ) : (
        <Line tone={p.error ? "bad" : "dim"}>{p.error ?? "loading…"}</Line>
      )}
    </Pane>
  );
});
