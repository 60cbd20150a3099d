/**
 * The strategy's key (S) and the prompt it opens on mainnet. Paused or
 * stopped, S arms the strategy; armed or on paper, it pauses it. Where
 * arming needs the strategy's name typed (mainnet, not on paper), S opens
 * the prompt: Enter arms only with the name typed exactly, Esc cancels.
 * While open it takes every key (q included: it is text there), and a
 * paste goes into the name.
 */
import { useCallback, useMemo } from "react";
import type { DashboardAction } from "../../dashboard/keys.js";
import { type Binding, binding, hints, type KeyPress, keyName } from "../../keymap.js";
import type { Mode } from "../../mode.js";
import { useLatestState } from "../../use-latest-state.js";
import { NO_STRATEGY, type StrategyController } from "../controller.js";
import { type ConfirmState, confirmKey, openConfirm, pasteConfirm, submitConfirm } from "./confirm-state.js";
import type { ConfirmAction } from "./keys.js";

export function useConfirmMode(
  strategy: StrategyController | undefined,
  say: (text: string) => void,
  table: readonly Binding<ConfirmAction>[],
  dashboard: readonly Binding<DashboardAction>[],
  /** What S says when there is no strategy. */
  none: string = NO_STRATEGY,
) {
  // Keys can arrive faster than React re-renders: handlers read the latest state, never a stale closure's.
  const [confirm, setConfirm, current] = useLatestState<ConfirmState | null>(null);
  const key = keyName(dashboard, "strategy");

  const armed = useCallback((s: StrategyController, why: string | undefined) => say(armedWords(s, why, key)), [say, key]);

  const toggle = useCallback(() => {
    if (strategy === undefined) return say(none);
    const v = strategy.view.getSnapshot();
    if (v.state === "armed" || v.state === "paper") {
      strategy.pause();
      return say(`strategy ${v.name} paused — ${key} arms it again`);
    }
    const why = strategy.arm();
    // A strategy on paper arms at once, even on mainnet: only one that would send asks for its name.
    if (why !== undefined && strategy.network === "mainnet" && /confirm/i.test(why)) setConfirm(openConfirm(v.name));
    else armed(strategy, why);
  }, [strategy, say, key, setConfirm, armed, none]);

  const handleKey = useCallback(
    ({ input, key: k }: KeyPress): boolean => {
      const c = current();
      if (c === null) return false;
      const action = binding(table, { input, key: k })?.action;
      if (action === "cancel") {
        setConfirm(null);
        say("nothing armed");
      } else if (action === "arm") {
        const outcome = submitConfirm(c);
        if (outcome.kind === "refused") setConfirm(outcome.state);
        else if (strategy !== undefined) {
          setConfirm(null);
          armed(strategy, strategy.arm(outcome.confirmation));
        }
      } else setConfirm(confirmKey(c, input, k, table));
      return true;
    },
    [current, setConfirm, say, table, strategy, armed],
  );

  /** A paste into the name while the prompt is open; false when it is closed. */
  const handlePaste = useCallback(
    (text: string, dropped: number): boolean => {
      const c = current();
      if (c === null) return false;
      setConfirm(pasteConfirm(c, text, dropped));
      return true;
    },
    [current, setConfirm],
  );

  const mode = useMemo<Mode>(
    () => ({
      title: `ARMING A STRATEGY ON MAINNET (${keyName(dashboard, "strategy", false)})`,
      active: () => current() !== null,
      handleKey,
      bindings: table,
      hints: () => hints(table),
    }),
    [table, dashboard, current, handleKey],
  );
  return { confirm, toggle, handlePaste, mode };
}

/** What arm() did, for the footer: armed (on which network), on paper, or why not. */
function armedWords(s: StrategyController, why: string | undefined, key: string): string {
  const v = s.view.getSnapshot();
  if (why !== undefined) return `strategy ${v.name} not armed: ${why}`;
  // Armed, it decides at once: a limit already reached stops it again.
  if (v.state === "stopped") return `strategy ${v.name} stopped again at once: ${v.stopReason ?? "stopped"}`;
  if (v.state === "paper") return `strategy ${v.name} on paper: it decides and shows, sends nothing — ${key} pauses it`;
  return `strategy ${v.name} armed on ${s.network === "mainnet" ? "MAINNET" : s.network}: it places from now on — ${key} pauses it`;
}
