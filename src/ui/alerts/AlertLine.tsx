/**
 * The alert line, one row over the footer while an alert is fresh: the
 * alert's text in its tone, its parts that fit whole (a settlement naming
 * its game less before its amount is cut). The footer under it keeps
 * the key hints; the layout gives the panes one row less while it shows.
 */
import { Box } from "ink";
import { memo } from "react";
import type { AlertEvent } from "../../alerts/events.js";
import { Line } from "../Line.js";
import { fitForms, span } from "../spans.js";
import { ALERT_TONES } from "./use-alerts.js";

const LEAD = "ALERT ";

export const AlertLine = memo(function AlertLine(p: { alert: AlertEvent; width: number }) {
  return (
    <Box width={p.width} height={1} flexShrink={0}>
      <Line tone={ALERT_TONES[p.alert.tone]}>
        {[span(LEAD, { bold: true }), fitForms([p.alert.text, ...(p.alert.shorter ?? [])], " · ", p.width - LEAD.length)]}
      </Line>
    </Box>
  );
});
