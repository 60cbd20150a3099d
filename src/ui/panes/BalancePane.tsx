import { Text } from "ink";
import { memo } from "react";
import type { Balance } from "../../api/schemas.js";
import { formatMoney, formatMoneyChange } from "../../domain/format.js";
import { Decimal } from "../../domain/money.js";
import { AgeBadge, Pane } from "../Pane.js";
import { tone, useTheme } from "../theme.js";

export interface BalancePaneProps {
  currency: string;
  network: string;
  balance: Balance | undefined;
  sessionStart: string | undefined;
  age: number | undefined;
  stale: boolean;
  error: string | undefined;
  full: boolean;
  width: number;
  height: number;
  focused: boolean;
}

export const BalancePane = memo(function BalancePane(p: BalancePaneProps) {
  const theme = useTheme();
  const change = p.balance && p.sessionStart !== undefined ? new Decimal(p.balance.balance).minus(p.sessionStart) : null;
  return (
    <Pane title={`BALANCE ${p.network}`} width={p.width} height={p.height} focused={p.focused} right={<AgeBadge age={p.age} stale={p.stale} error={p.error} />}>
      {p.balance ? (
        <>
          <Text wrap="truncate-end">
            <Text color={tone(theme, "dim")}>{p.currency} </Text>
            <Text bold color={p.stale ? tone(theme, "dim") : undefined}>
              {formatMoney(p.balance.balance)}
            </Text>
          </Text>
          <Text wrap="truncate-end">
            session{" "}
            <Text color={tone(theme, change?.gt(0) ? "up" : change?.lt(0) ? "down" : "dim")}>{change ? formatMoneyChange(change) : "–"}</Text>
          </Text>
          <Text wrap="truncate-end" color={tone(theme, p.balance.withdrawal_req === "none" ? "dim" : "warn")}>
            withdrawal {p.balance.withdrawal_req}
          </Text>
          {p.full && p.error ? (
            <Text wrap="truncate-end" color={tone(theme, "bad")}>
              {p.error}
            </Text>
          ) : null}
        </>
      ) : (
        <Text wrap="truncate-end" color={tone(theme, p.error ? "bad" : "dim")}>
          {p.error ?? "loading…"}
        </Text>
      )}
    </Pane>
  );
});
