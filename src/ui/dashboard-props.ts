/** What the whole screen is drawn from (Dashboard.tsx): one snapshot at one instant, the layout and the modes' state. */
import type { AlertEvent } from "../alerts/events.js";
import type { BookRow } from "../domain/book.js";
import type { PlacementCheck } from "../domain/placement.js";
import type { Toast } from "../domain/results.js";
import type { Snapshot } from "../poller/snapshot.js";
import type { AlertFormProps } from "./alerts/form/AlertForm.js";
import type { AlertListProps } from "./alerts/list/AlertList.js";
import type { ChartWindow } from "./chart/scales.js";
import type { PaneName } from "./dashboard/pane-names.js";
import type { PositionView } from "./dashboard/position-view.js";
import type { FormState } from "./form/form-state.js";
import type { Hint } from "./keymap.js";
import type { Layout } from "./layout.js";
import type { HelpProps } from "./overlays/HelpOverlay.js";
import type { Overlay } from "./overlays/overlay-state.js";
import type { PerformanceViewProps } from "./performance/PerformanceView.js";
import type { ResultsViewProps } from "./results/ResultsView.js";
import type { StrategyLineProps } from "./strategy/StrategyLine.js";

export interface DashboardProps {
  snapshot: Snapshot;
  /** Server ms (the game clock). */
  now: number;
  /** Local ms, for countdowns the poller keeps in local time. */
  localNow: number;
  layout: Layout;
  backend: string;
  readonly: boolean;
  focus: PaneName;
  /** The positions table's scroll, within the rows there are (position-view.ts scrollLimit). */
  scroll: number;
  /** What the positions table lists (positionView of the snapshot, when not given). */
  positions?: PositionView;
  /** The span of time the price chart shows. */
  chartWindow?: ChartWindow;
  /** A view covering the panes: the help or the diagnostics. */
  overlay: Overlay | null;
  /** The help's sections (every mode's keys), how far the overlay is scrolled, and where it says how many lines do not fit. */
  overlayView?: HelpProps | undefined;
  /** The footer's hints, ranked: the footer keeps what fits. */
  hints: readonly Hint[];
  message: string | undefined;
  /** The inline position form, when open; the layout must have been computed with room for it. */
  form?: { state: FormState; check: PlacementCheck; blocked: string | undefined; lapsed?: string | undefined } | undefined;
  /** The results view, when open: it replaces the body panes (header and footer stay). */
  results?: Omit<ResultsViewProps, "width" | "height"> | undefined;
  /** The performance view, when open: it replaces the body panes. */
  performance?: Omit<PerformanceViewProps, "width" | "height"> | undefined;
  /** The latest settlement of a game of the user's, while it shows. */
  toast?: Toast | undefined;
  /** The book's rows (bookOf) and the row its keys select while they are on. */
  book?: { rows: readonly BookRow[]; selected: number | undefined } | undefined;
  /** Warnings of the launch (a key that does not look like one): in the help's problems. */
  warnings?: readonly string[];
  /** The alert form (A), when open: where the position form goes; the layout must have been computed with room for it. */
  alertForm?: Pick<AlertFormProps, "form" | "check"> | undefined;
  /** The alerts list (L), when open: it replaces the body panes. */
  alertList?: Omit<AlertListProps, "width" | "height"> | undefined;
  /** The alert on the alert line over the footer; the layout must have been computed with alertLine. */
  alertLine?: AlertEvent | undefined;
  /** What keeps alerts from working fully: in the help's problems. */
  alertsProblem?: string | undefined;
  /** The strategy the dashboard runs, for its line (and its prompt, while open); the layout must have been computed with strategyLine. */
  strategy?: Omit<StrategyLineProps, "now" | "width" | "liveGid"> | undefined;
}
