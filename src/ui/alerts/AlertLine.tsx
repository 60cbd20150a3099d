/**
 * The alert line, one row over the footer while an alert is fresh: the
 * alert's text in its tone, cut to the width. The footer under it keeps
 * the key hints; the layout gives the panes one row less while it shows.
 */
import { Box } from "ink";
import { memo } from "react";
import type { AlertEvent } from "../../alerts/events.js";
import { Line } from "../Line.js";
import { span } from "../spans.js";
import { ALERT_TONES } from "./use-alerts.js";

export const AlertLine = memo(function AlertLine(p: { alert: AlertEvent; width: number }) {
  return (
    <Box width={p.width} height={1} flexShrink={0}>
      <Line tone={ALERT_TONES[p.alert.tone]}>{[span("ALERT ", { bold: true }), p.alert.text]}</Line>
    </Box>
  );
});
