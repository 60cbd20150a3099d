/**
 * The alerts list (L), in place of the panes: the rules in force with where
 * each comes from and whether it is muted or spent, the selected one marked;
 * then the last alerts fired, newest first, with their clock time. Each part
 * keeps its rows in sight as the selection and the scroll move.
 */
import { Box } from "ink";
import { memo } from "react";
import type { AlertsState, FiredAlert, RuleEntry } from "../../../alerts/alerts-state.js";
import { describeRule } from "../../../alerts/rules.js";
import { formatClock, formatPriceExact, plural } from "../../../domain/format.js";
import { keyName } from "../../keymap.js";
import { useKeyTables } from "../../keys-context.js";
import { Line } from "../../Line.js";
import { windowStart } from "../../list-window.js";
import { innerWidth, Pane } from "../../Pane.js";
import { fitForms, span, textWidth } from "../../spans.js";
import { mark } from "../../symbols.js";
import { useTheme } from "../../theme.js";
import { ALERT_TONES } from "../use-alerts.js";
import { type AlertListState, listSplit, selectedRule } from "./alert-list-state.js";

export interface AlertListProps {
  state: AlertListState;
  alerts: AlertsState;
  width: number;
  height: number;
}

/** The origin and state columns at a rule's right: "dashboard muted". */
const ORIGIN_WIDTH = 9;
const STATE_WIDTH = 5;

export const AlertList = memo(function AlertList(p: AlertListProps) {
  const k = useKeyTables();
  const { rules } = p.alerts;
  // Newest first.
  const fired = [...p.alerts.fired].reverse();
  const split = listSplit(p.height, rules.length, fired.length);
  const selected = selectedRule(p.state, rules.length);
  const firstRule = windowStart(selected, split.rules, rules.length);
  const firstFired = Math.max(0, Math.min(p.state.firedScroll, fired.length - split.fired));
  const shownRules = rules.slice(firstRule, firstRule + split.rules);
  const shownFired = fired.slice(firstFired, firstFired + split.fired);
  const width = innerWidth({ width: p.width, framed: true });
  const count = `${plural(rules.length, "rule")} · ${fired.length} fired`;
  return (
    <Pane title="ALERTS" width={p.width} height={p.height} focused framed right={<Line tone="dim">{count}</Line>}>
      <Line>{[span("RULES", { bold: true }), span(range(firstRule, shownRules.length, rules.length), { tone: "dim" })]}</Line>
      {rules.length === 0 ? (
        <Line tone="dim">{`no rules: ${keyName(k.dashboard, "alert")} makes one`}</Line>
      ) : (
        shownRules.map((r, i) => <RuleRow key={r.rule.id} entry={r} selected={firstRule + i === selected} width={width} />)
      )}
      <Line>
        {[span("FIRED", { bold: true }), span(` newest first${range(firstFired, shownFired.length, fired.length)}`, { tone: "dim" })]}
      </Line>
      {fired.length === 0 ? (
        <Line tone="dim">none fired yet</Line>
      ) : (
        shownFired.map((f) => <FiredRow key={`${f.event.rule}:${f.event.at}`} fired={f} width={width} />)
      )}
    </Pane>
  );
});

/** " 3–6 of 9" when a part shows only some of its rows. */
function range(first: number, shown: number, all: number): string {
  return shown < all && shown > 0 ? ` ${first + 1}–${first + shown} of ${all}` : "";
}

function RuleRow(p: { entry: RuleEntry; selected: boolean; width: number }) {
  const theme = useTheme();
  const { entry } = p;
  const state = entry.spent ? "spent" : entry.muted ? "muted" : "on";
  const off = entry.muted || entry.spent;
  return (
    <Box width={p.width} height={1} flexShrink={0}>
      <Box flexGrow={1} flexShrink={1}>
        <Line bold={p.selected} tone={p.selected ? "accent" : off ? "dim" : undefined}>
          {`${p.selected ? mark("focus", theme.ascii) : " "} ${describeRule(entry.rule, formatPriceExact)}`}
        </Line>
      </Box>
      <Box flexShrink={0} marginLeft={1}>
        <Line tone="dim">{`${entry.origin.padEnd(ORIGIN_WIDTH)} `}</Line>
        <Line tone={entry.spent || entry.muted ? "warn" : "good"}>{state.padEnd(STATE_WIDTH)}</Line>
      </Box>
    </Box>
  );
}

/** A fired alert's time, then its text's parts (" · ") that fit whole: a settlement's "paid 0…" is left out, not cut. */
function FiredRow(p: { fired: FiredAlert; width: number }) {
  const e = p.fired.event;
  const at = `  ${formatClock(e.at)}  `;
  const text = fitForms([e.text, ...(e.shorter ?? [])], " · ", p.width - textWidth(at));
  return <Line>{[span(at, { tone: "dim" }), span(text, { tone: ALERT_TONES[e.tone] })]}</Line>;
}
