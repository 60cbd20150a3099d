/**
 * The strategy line, one row over the alert line and the footer while the
 * dashboard runs a strategy (strategy-line.ts says what it holds); while
 * arming on mainnet asks for the strategy's name, the prompt in its place.
 * The layout gives the panes one row less for it.
 */
import { Box } from "ink";
import type { StrategyView } from "../../strategy/runner.js";
import type { StrategyLimits } from "../../strategy/strategy.js";
import { keyName } from "../keymap.js";
import { useKeyTables } from "../keys-context.js";
import { Line } from "../Line.js";
import { useTheme } from "../theme.js";
import type { ConfirmState } from "./confirm/confirm-state.js";
import { confirmPromptPieces, strategyLinePieces } from "./strategy-line.js";

export interface StrategyLineProps {
  view: StrategyView;
  limits?: StrategyLimits | undefined;
  currency: string;
  /** The prompt that arms it on mainnet, while open. */
  confirm?: ConfirmState | undefined;
  /** Server ms. */
  now: number;
  width: number;
  /** The live game the screen shows (strategy-line.ts). */
  liveGid?: string | undefined;
}

export function StrategyLine(p: StrategyLineProps) {
  const theme = useTheme();
  const keys = useKeyTables();
  const pieces = p.confirm
    ? confirmPromptPieces(p.confirm, { arm: keyName(keys.strategy, "arm"), cancel: keyName(keys.strategy, "cancel") }, theme.ascii, p.width)
    : strategyLinePieces({ ...p, ascii: theme.ascii, armKey: keyName(keys.dashboard, "strategy") });
  return (
    <Box width={p.width} height={1} flexShrink={0}>
      <Line>{pieces}</Line>
    </Box>
  );
}
