/**
 * The results view: settled games of the user, most recent first, one page
 * at a time, or the positions of one game; the session summary at the
 * bottom. Pure presentation of the cached page for the view's query.
 */
import { Box, Text } from "ink";
import { memo } from "react";
import {
  alignDecimals,
  formatClock,
  formatClockOf,
  formatGross,
  formatInterval,
  formatMoney,
  formatMoneyChange,
  formatMoneyChangeExact,
  formatMoneyExact,
  formatPercent,
  formatPrice,
  plural,
  UNREADABLE_MARK,
} from "../../domain/format.js";
import type { Decimal } from "../../domain/money.js";
import { formatClosing, gameNet, gameOutcome, pageOf, type SessionSummary, settledAt } from "../../domain/results.js";
import { type GameResult, isReadable, type ResultPosition, type ResultsPage, readOr, type Unreadable } from "../../domain/service-data.js";
import { ageBadge } from "../age.js";
import { type Column, cell } from "../columns.js";
import { Line } from "../Line.js";
import { innerWidth, Pane } from "../Pane.js";
import type { Tone } from "../palettes.js";
import { glyphs, signTone, tone, useTheme } from "../theme.js";
import { type ListColumn, listColumns, rowCells } from "./list-columns.js";
import { RESULTS_PAGE_SIZE, type ResultsViewState } from "./results-state.js";

export interface ResultsViewProps {
  view: ResultsViewState;
  page: { value: ResultsPage; at: number } | undefined;
  network: string;
  currency: string;
  summary: SessionSummary;
  /** Age of the page, ms (server clock). */
  age: number | undefined;
  stale: boolean;
  /** Why the page is stale, when it is. */
  staleReason: string | undefined;
  error: string | undefined;
  width: number;
  height: number;
}

/** Title, column header and the two summary lines around the rows, plus the border. */
const LIST_CHROME = 2 + 1 + 1 + 2;
/** Title, game line, column header, totals, plus the border. */
const DETAIL_CHROME = 2 + 1 + 1 + 1 + 1;

const DETAIL_COLS: Column[] = [
  { title: "STRIKE", width: 12 },
  { title: "STAKE", width: 10 },
  { title: "WINNINGS", width: 11 },
  { title: "RETURN", width: 9 },
  { title: "WIN", width: 4 },
  { title: "VARIANCE", width: 10 },
  { title: "PLACED", width: 9 },
];

function filterTitle(v: ResultsViewState): string {
  return `interval ${v.interval === undefined ? "all" : formatInterval(v.interval)} · asset ${v.asset ?? "all"}`;
}

function netTone(net: Decimal | Unreadable): Tone {
  if (!isReadable(net)) return "warn";
  return signTone(net.cmp(0));
}

export const ResultsView = memo(function ResultsView(p: ResultsViewProps) {
  const theme = useTheme();
  const page = p.page?.value;
  const { page: k, pages } = page ? pageOf(page.pagination) : { page: Math.floor(p.view.offset / RESULTS_PAGE_SIZE) + 1, pages: undefined };
  const detailGame = p.view.detail === null ? undefined : page?.games.find((g) => g.gid === p.view.detail);
  const right = (
    <Box>
      <Text color={tone(theme, "dim")}>
        page {k}
        {pages === null ? "" : ` of ${pages ?? "?"}`}
        {page && page.pagination.total !== null ? ` · ${plural(page.pagination.total, "game")}` : ""}
        {page && page.issues.length > 0 ? ` · ${UNREADABLE_MARK} unreadable values (D)` : ""}
        {p.age !== undefined ? " · " : ""}
      </Text>
      {p.age === undefined ? null : <Line>{ageBadge(p.age, p.stale)}</Line>}
    </Box>
  );

  if (detailGame) {
    return (
      <Pane title={`RESULTS ${p.network} › #${detailGame.gid}`} width={p.width} height={p.height} focused framed right={right}>
        <GameDetail game={detailGame} rows={Math.max(1, p.height - DETAIL_CHROME)} />
      </Pane>
    );
  }

  const wide = p.width >= 100;
  const staleLine = p.stale && p.staleReason !== undefined;
  const capacity = Math.max(1, p.height - LIST_CHROME - (staleLine ? 1 : 0));
  const games = page?.games ?? [];
  const selected = Math.min(p.view.selected, Math.max(0, games.length - 1));
  // Window the page around the selection when the terminal is too short for all of it.
  const first = Math.max(0, Math.min(selected - capacity + 1, games.length - capacity));
  const shown = games.slice(first, first + capacity);
  const cols = listColumns(games, innerWidth({ width: p.width, framed: true }), wide, theme.ascii);
  const marker = theme.ascii ? ">" : "▸";
  return (
    <Pane title={`RESULTS ${p.network} · ${filterTitle(p.view)}`} width={p.width} height={p.height} focused framed right={right}>
      <Text color={tone(theme, "dim")} wrap="truncate-end">
        {"  "}
        {cols.map((c) => cell(c, c.title)).join(" ")}
      </Text>
      {games.length === 0 ? (
        <Text color={tone(theme, p.error ? "bad" : "dim")} wrap="truncate-end">
          {p.error ??
            (page === undefined
              ? "loading…"
              : p.view.interval !== undefined || p.view.asset !== undefined
                ? `no settled games for ${filterTitle(p.view)} (i / a change the filters)`
                : "no settled games yet: play a game and its result shows here")}
        </Text>
      ) : (
        shown.map((g, i) => <GameRow key={g.gid} game={g} cols={cols} selected={first + i === selected} marker={marker} dim={p.stale} />)
      )}
      <Box flexGrow={1} />
      {staleLine ? (
        <Text color={tone(theme, "warn")} wrap="truncate-end">
          {p.staleReason}
        </Text>
      ) : null}
      <Summary summary={p.summary} currency={p.currency} />
    </Pane>
  );
});

function GameRow(p: { game: GameResult; cols: ListColumn[]; selected: boolean; marker: string; dim: boolean }) {
  const theme = useTheme();
  const g = p.game;
  const gid = p.cols.find((c) => c.key === "gid")!;
  const values = rowCells(g, gid.width, theme.ascii);
  const text = (cols: ListColumn[]) => cols.map((c) => cell(c, values[c.key])).join(" ");
  // The net in its tone; what comes after it (the time settled), plain.
  const at = p.cols.findIndex((c) => c.key === "net");
  const net = p.cols[at]!;
  const after = p.cols.slice(at + 1);
  return (
    <Text wrap="truncate-end" bold={p.selected} color={p.selected ? tone(theme, "accent") : p.dim ? tone(theme, "dim") : undefined}>
      {p.selected ? p.marker : " "} {text(p.cols.slice(0, at))}{" "}
      {g.cancelled === true ? (
        <Text inverse color={tone(theme, "warn")}>
          {cell(net, values.net)}
        </Text>
      ) : (
        <Text color={tone(theme, netTone(gameNet(g)))}>{cell(net, values.net)}</Text>
      )}
      {after.length > 0 ? ` ${text(after)}` : ""}
    </Text>
  );
}

function GameDetail(p: { game: GameResult; rows: number }) {
  const theme = useTheme();
  const g = p.game;
  const net = gameNet(g);
  const at = settledAt(g);
  const positions = g.positions.slice(0, Math.max(1, p.rows - (g.positions.length > p.rows ? 1 : 0)));
  // The detail shows every digit: the points of a column are aligned instead.
  const stakes = alignDecimals(positions.map((pos) => formatMoneyExact(pos.f)));
  const wins = alignDecimals(positions.map((pos) => (pos.w === null ? "–" : formatMoneyExact(pos.w))));
  const outcome = gameOutcome(g);
  const tick = theme.ascii ? "yes" : "✓";
  const cross = theme.ascii ? "no" : "✗";
  return (
    <>
      <Text wrap="truncate-end">
        {g.cancelled === true ? (
          <Text inverse color={tone(theme, "warn")}>
            CANCELLED — stakes refunded
          </Text>
        ) : (
          <Text bold color={tone(theme, netTone(net))}>
            {outcome.toUpperCase()}
          </Text>
        )}{" "}
        · {readOr(g.asset, UNREADABLE_MARK)} {formatInterval(g.interval)} · open {formatPrice(g.open_price)} → close{" "}
        <Text color={g.closing_price === null ? tone(theme, "warn") : undefined}>{formatClosing(g.closing_price)}</Text>
        {at === null ? "" : ` · settled ${formatClock(at)}`}
      </Text>
      <Text color={tone(theme, "dim")} wrap="truncate-end">
        {DETAIL_COLS.map((c) => cell(c, c.title)).join(" ")}
      </Text>
      {g.positions.length === 0 ? (
        <Text color={tone(theme, "dim")}>no positions in this game</Text>
      ) : (
        positions.map((pos, i) => {
          const won = winOf(pos);
          return (
            <Text key={pos.txid} wrap="truncate-end">
              {[
                cell(DETAIL_COLS[0]!, formatPrice(pos.sp)),
                cell(DETAIL_COLS[1]!, stakes[i]!),
                cell(DETAIL_COLS[2]!, wins[i]!),
                cell(DETAIL_COLS[3]!, pos.r === null ? "–" : formatPercent(pos.r)),
              ].join(" ")}{" "}
              <Text color={tone(theme, won === null ? "dim" : won ? "up" : "down")}>
                {cell(DETAIL_COLS[4]!, pos.win === null ? "–" : won === null ? UNREADABLE_MARK : won ? tick : cross)}
              </Text>{" "}
              {[
                cell(DETAIL_COLS[5]!, pos.variance === null ? "–" : formatPrice(pos.variance)),
                cell(DETAIL_COLS[6]!, formatClockOf(pos.placed_at)),
              ].join(" ")}
            </Text>
          );
        })
      )}
      {g.positions.length > positions.length ? (
        <Text color={tone(theme, "dim")}>
          {positions.length} of {plural(g.positions.length, "position")} shown (enlarge the terminal for the rest)
        </Text>
      ) : null}
      <Text bold wrap="truncate-end">
        total staked {formatMoneyExact(g.total_staked)} {readOr(g.currency, "")} · won {formatMoneyExact(g.total_winnings)} · net{" "}
        <Text color={tone(theme, netTone(net))}>{g.cancelled === true ? "0.00 (refunded)" : formatMoneyChangeExact(net)}</Text>
        <Text color={tone(theme, "dim")}> · Esc/Backspace back</Text>
      </Text>
    </>
  );
}

/** One game settled is neither best nor worst: it is named once. */
function bestAndWorst(s: SessionSummary, sep: string): string {
  if (!s.best || !s.worst) return "best / worst: only cancelled games so far";
  if (s.best.gid === s.worst.gid) return `only game #${s.best.gid} ${formatMoneyChange(s.best.net)}`;
  return `best #${s.best.gid} ${formatMoneyChange(s.best.net)}${sep}worst #${s.worst.gid} ${formatMoneyChange(s.worst.net)}`;
}

/** Whether a position won: the spec's boolean, or, when the service sends the amount, more back than staked. */
function winOf(pos: ResultPosition): boolean | null {
  const win = pos.win;
  if (win === null || !isReadable(win)) return null;
  if (typeof win === "boolean") return win;
  return isReadable(pos.f) ? win.gt(pos.f) : null;
}

function Summary(p: { summary: SessionSummary; currency: string }) {
  const theme = useTheme();
  const s = p.summary;
  const sep = ` ${glyphs(theme).sep} `;
  if (s.played === 0) {
    return (
      <>
        <Text bold wrap="truncate-end">
          SESSION <Text color={tone(theme, "dim")}>no games settled since the dashboard started</Text>
        </Text>
        <Text> </Text>
      </>
    );
  }
  return (
    <>
      <Text bold wrap="truncate-end">
        SESSION {plural(s.played, "game")}
        {s.cancelled > 0 ? ` (${s.cancelled} cancelled)` : ""}
        {s.unreadable > 0 ? ` (${s.unreadable} unreadable, not summed)` : ""}
        {sep}net <Text color={tone(theme, netTone(s.net))}>{formatMoneyChange(s.net)}</Text> {p.currency}
        {sep}staked {formatMoney(s.staked)}
        {sep}won {formatGross(s.won, s.staked)}
      </Text>
      <Text wrap="truncate-end" color={tone(theme, "dim")}>
        {bestAndWorst(s, sep)}
      </Text>
    </>
  );
}
