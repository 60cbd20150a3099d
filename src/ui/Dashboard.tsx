/**
 * The whole screen for one snapshot at one instant: pure presentation, so
 * tests can render any state without a poller. The layout (layout.ts)
 * decides which arrangement and how many rows each part gets; each pane
 * gets only its own slice and is memoised, so a pane whose data did not
 * change is not redrawn.
 */
import { Box } from "ink";
import { bookSummary } from "../domain/book.js";
import { bookRead } from "../poller/snapshot.js";
import { ageAt, NowContext } from "./age.js";
import { AlertLine } from "./alerts/AlertLine.js";
import { AlertList } from "./alerts/list/AlertList.js";
import { BodyPanes, Book } from "./dashboard/DashboardPanes.js";
import type { DashboardProps } from "./dashboard-props.js";
import { Footer } from "./frame/Footer.js";
import { Header } from "./frame/Header.js";
import { ServiceDown, serviceDownReason } from "./frame/ServiceDown.js";
import { TooSmall } from "./frame/TooSmall.js";
import { DiagnosticsView } from "./overlays/DiagnosticsView.js";
import { HelpOverlay } from "./overlays/HelpOverlay.js";
import { PerformanceView } from "./performance/PerformanceView.js";
import { ResultsView } from "./results/ResultsView.js";
import { StrategyLine } from "./strategy/StrategyLine.js";

const STALE_OVERALL_MS = 5_000;

export function Dashboard(p: DashboardProps) {
  const { snapshot: s, layout: l, now } = p;
  if (l.tooSmall) return <TooSmall cols={l.cols} rows={l.rows} />;
  const lastOkAge = ageAt(now, s.lastOkAt);
  return (
    <NowContext.Provider value={now}>
      <Box flexDirection="column" width={l.cols} height={l.frameHeight}>
        <Header
          backend={p.backend}
          network={s.target.network}
          asset={s.target.asset}
          interval={s.target.interval}
          connection={s.connection}
          age={lastOkAge}
          stale={lastOkAge !== undefined && lastOkAge > STALE_OVERALL_MS}
          localNow={p.localNow}
          readonly={p.readonly}
          width={l.cols}
          book={headerBook(p)}
          armed={p.strategy?.view.state === "armed" ? p.strategy.view.name : undefined}
        />
        <Body {...p} />
        {p.strategy !== undefined && l.strategyHeight > 0 ? (
          <StrategyLine {...p.strategy} now={now} width={l.cols} liveGid={s.listing?.value.liveGame?.gid} />
        ) : null}
        {p.alertLine !== undefined && l.alertHeight > 0 ? <AlertLine alert={p.alertLine} width={l.cols} /> : null}
        <Footer hints={p.hints} lastOkAt={s.lastOkAt} age={lastOkAge} message={p.message} toast={p.toast} width={l.cols} />
      </Box>
    </NowContext.Provider>
  );
}

/** The book's line for the header: while games are held outside the focused one and no book pane shows them. */
function headerBook(p: DashboardProps): string | undefined {
  const rows = p.book?.rows ?? [];
  if (p.layout.bookWidth > 0 || !rows.some((r) => !r.focused)) return undefined;
  const { read, of } = bookRead(p.snapshot);
  // Items apart by " · ": the header keeps as many whole as fit.
  return `${bookSummary(rows, p.snapshot.target.currency)}${read < of ? ` · ${read} of ${of} markets read` : ""}`;
}

/**
 * Between header and footer (and the strategy and alert lines): an overlay, the results
 * view, the alerts list, what keeps the panes from loading at all (the
 * service unreachable, the key refused, before any answer), the book (b,
 * where it has no column of its own), or the panes.
 */
function Body(p: DashboardProps) {
  const { snapshot: s, layout: l } = p;
  const height = l.bodyHeight;
  if (p.overlay === "diagnostics") {
    return (
      <DiagnosticsView
        diagnostics={s.diagnostics}
        errors={s.errors}
        connection={s.connection}
        backend={p.backend}
        clockOffset={s.clockOffset}
        localNow={p.localNow}
        width={l.cols}
        height={height}
        scroll={p.overlayView?.scroll}
        onOverflow={p.overlayView?.onOverflow}
      />
    );
  }
  if (p.overlay === "help") {
    const problems = [
      ...(p.warnings ?? []),
      ...Object.values(s.errors).map((e) => e!.message),
      ...(s.historyProblem ? [s.historyProblem] : []),
      ...(p.alertsProblem ? [`alerts: ${p.alertsProblem}`] : []),
      ...(p.strategy?.view.state === "stopped"
        ? [`strategy ${p.strategy.view.name} stopped: ${p.strategy.view.stopReason ?? "stopped"}`]
        : []),
    ];
    return <HelpOverlay width={l.cols} height={height} problems={problems} {...(p.overlayView ?? { sections: [] })} />;
  }
  if (p.results) return <ResultsView {...p.results} width={l.cols} height={height} />;
  if (p.performance) return <PerformanceView {...p.performance} width={l.cols} height={height} />;
  if (p.alertList) return <AlertList {...p.alertList} width={l.cols} height={height} />;
  const down = s.lastOkAt === undefined ? serviceDownReason(s.connection) : undefined;
  if (down !== undefined) return <ServiceDown reason={down} backend={p.backend} localNow={p.localNow} width={l.cols} height={height} />;
  if (l.bookWidth === 0 && p.book?.selected !== undefined) return <Book {...p} width={l.cols} height={height} framed={l.framed} />;
  return <BodyPanes {...p} height={height} />;
}
