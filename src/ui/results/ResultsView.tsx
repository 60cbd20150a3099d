/**
 * The results view: settled games of the user, most recent first, one page
 * at a time, or the positions of one game; the session summary at the
 * bottom. Pure presentation of the cached page for the view's query.
 */
import { Box, Text } from "ink";
import { memo } from "react";
import {
  formatClock,
  formatGross,
  formatInterval,
  formatMoney,
  formatMoneyChange,
  formatMoneyChangeExact,
  formatMoneyExact,
  formatPrice,
  inCurrency,
  plural,
  shortGid,
  UNREADABLE_MARK,
} from "../../domain/format.js";
import type { Decimal } from "../../domain/money.js";
import { formatClosing, gameNet, gameOutcome, pageOf, type SessionSummary, settledAt } from "../../domain/results.js";
import { type GameResult, isReadable, type ResultsPage, readOr, type Unreadable } from "../../domain/service-data.js";
import { ageBadge } from "../age.js";
import { cell } from "../columns.js";
import { keyName } from "../keymap.js";
import { useKeyTables } from "../keys-context.js";
import { Line } from "../Line.js";
import { windowStart } from "../list-window.js";
import { innerWidth, Pane } from "../Pane.js";
import type { Tone } from "../palettes.js";
import { fitGroups, packGroups, span, textWidth } from "../spans.js";
import { glyphs, signTone, tone, useTheme } from "../theme.js";
import { detailColumns, detailHeader, detailLine, detailRows, detailWindow } from "./detail-columns.js";
import { type ListColumn, listColumns, rowCells } from "./list-columns.js";
import type { ResultsViewState } from "./results-state.js";
import { filterWords, resultsTitle } from "./results-title.js";

export interface ResultsViewProps {
  view: ResultsViewState;
  page: { value: ResultsPage; at: number } | undefined;
  /** While `page` loads, the count of games a neighbouring page gave (totalWhileLoading). */
  totalWhileLoading?: number | null | undefined;
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

/**
 * The games the list has rows for in a view `height` rows high, a stale page's line included: its pages are as
 * long (results-state.ts pageSizeFor), so a page fits whole whether or not it is stale.
 */
export function resultsListRows(height: number): number {
  return height - LIST_CHROME - 1;
}
/** Title and column header, plus the border; the game's lines and its totals take what they need. */
const DETAIL_CHROME = 2 + 1 + 1;
/** The title line's focus mark, and the least gap before its right side: two columns, so that the two read apart. */
const TITLE_CHROME = 2 + 2;

function netTone(net: Decimal | Unreadable): Tone {
  if (!isReadable(net)) return "warn";
  return signTone(net.cmp(0));
}

export const ResultsView = memo(function ResultsView(p: ResultsViewProps) {
  const theme = useTheme();
  const keys = useKeyTables();
  const page = p.page?.value;
  const { page: k, pages } = page
    ? pageOf(page.pagination)
    : pageOf({ offset: p.view.offset, limit: p.view.pageSize, total: p.totalWhileLoading ?? null, extra: {} });
  const detailGame = p.view.detail === null ? undefined : page?.games.find((g) => g.gid === p.view.detail);
  const inner = innerWidth({ width: p.width, framed: true });
  const title = resultsTitle(
    {
      network: p.network,
      interval: p.view.interval,
      asset: p.view.asset,
      detail: detailGame?.gid,
      page: k,
      pages: page !== undefined || p.totalWhileLoading != null ? pages : undefined,
      total: page?.pagination.total,
      unreadable: page !== undefined && page.issues.length > 0,
      age: p.age === undefined ? undefined : ageBadge(p.age, p.stale),
      ascii: theme.ascii,
    },
    inner - TITLE_CHROME,
  );
  const right = <Line>{title.right}</Line>;

  if (detailGame) {
    return (
      <Pane title={title.left} width={p.width} height={p.height} focused framed right={right}>
        <GameDetail game={detailGame} selected={p.view.position} width={inner} rows={Math.max(1, p.height - DETAIL_CHROME)} />
      </Pane>
    );
  }

  const wide = p.width >= 100;
  const staleLine = p.stale && p.staleReason !== undefined;
  const capacity = Math.max(1, p.height - LIST_CHROME - (staleLine ? 1 : 0));
  const games = page?.games ?? [];
  const selected = Math.min(p.view.selected, Math.max(0, games.length - 1));
  // Window the page around the selection when the terminal is too short for all of it, on all but a line
  // that says which rows show: a row out of sight is never a row that is not there.
  const windowed = games.length > capacity && capacity >= 2;
  const room = windowed ? capacity - 1 : capacity;
  const first = windowStart(selected, room, games.length);
  const shown = games.slice(first, first + room);
  const cols = listColumns(games, inner, wide, theme.ascii);
  const marker = theme.ascii ? ">" : "▸";
  const moveKeys = `${keyName(keys.results, "down")}/${keyName(keys.results, "up")}`;
  return (
    <Pane title={title.left} width={p.width} height={p.height} focused framed right={right}>
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
                ? `no settled games for ${filterWords(p.view.interval, p.view.asset).join(" · ")} (i / a change the filters)`
                : "no settled games yet: play a game and its result shows here")}
        </Text>
      ) : (
        shown.map((g, i) => <GameRow key={g.gid} game={g} cols={cols} selected={first + i === selected} marker={marker} dim={p.stale} />)
      )}
      {windowed ? (
        <Text color={tone(theme, "dim")} wrap="truncate-end">
          {`  games ${first + 1}–${first + shown.length} of ${games.length} on this page (${moveKeys})`}
        </Text>
      ) : null}
      <Box flexGrow={1} />
      {staleLine ? (
        <Text color={tone(theme, "warn")} wrap="truncate-end">
          {p.staleReason}
        </Text>
      ) : null}
      <Summary summary={p.summary} currency={p.currency} width={inner} />
    </Pane>
  );
});

function GameRow(p: { game: GameResult; cols: ListColumn[]; selected: boolean; marker: string; dim: boolean }) {
  const theme = useTheme();
  const g = p.game;
  const values = rowCells(g, p.cols, theme.ascii);
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

/**
 * A settled game's positions. Its line and its totals are whole items, on as
 * many lines as the pane's width needs; the positions get the rows left,
 * and where not all fit, a window of them that follows the selected one.
 */
function GameDetail(p: { game: GameResult; selected: number; width: number; rows: number }) {
  const theme = useTheme();
  const g = p.game;
  const net = gameNet(g);
  const at = settledAt(g);
  const sep = " · ";
  const head = packGroups(
    [
      [
        g.cancelled === true
          ? span("CANCELLED — stakes refunded", { inverse: true, tone: "warn" })
          : span(gameOutcome(g).toUpperCase(), { bold: true, tone: netTone(net) }),
      ],
      [`${readOr(g.asset, UNREADABLE_MARK)} ${formatInterval(g.interval)}`],
      [
        `open ${formatPrice(g.open_price)} → close `,
        span(formatClosing(g.closing_price), { tone: g.closing_price === null ? "warn" : undefined }),
      ],
      at !== null && [`settled ${formatClock(at)}`],
    ].filter((group) => group !== false),
    p.width,
    sep,
  );
  const totals = packGroups(
    [
      [`total staked ${inCurrency(formatMoneyExact(g.total_staked), readOr(g.currency, ""))}`],
      // What the service paid back, won or lost: "won" would read as a gain beside a LOST game.
      [`paid ${formatMoneyExact(g.total_winnings)}`],
      ["net ", span(g.cancelled === true ? "0.00 (refunded)" : formatMoneyChangeExact(net), { tone: netTone(net) })],
    ],
    p.width,
    sep,
  );
  // Every position's cells, so that the columns and their points hold still while the window moves.
  const all = detailRows(g.positions, theme.ascii);
  const cols = detailColumns(all, p.width);
  const win = detailWindow(all.length, Math.max(1, p.rows - head.length - totals.length), p.selected);
  return (
    <>
      {head.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a line is its place in the wrapped game line
        <Line key={i}>{line}</Line>
      ))}
      <Line tone="dim">{detailHeader(cols)}</Line>
      {g.positions.length === 0 ? (
        <Line tone="dim">no positions in this game</Line>
      ) : (
        all.slice(win.first, win.end).map((row, i) => {
          const at = win.first + i;
          // The selected position stands out whether or not the rows scroll: j/k show where they are.
          const selected = g.positions.length > 1 && at === win.selected;
          return (
            <Line key={g.positions[at]!.txid} bold={selected} tone={selected ? "accent" : undefined}>
              {detailLine(cols, row)}
            </Line>
          );
        })
      )}
      {win.scrolls ? <Line tone="dim">{`positions ${win.first + 1}–${win.end} of ${all.length}`}</Line> : null}
      {totals.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a line is its place in the wrapped totals
        <Line key={i} bold>
          {line}
        </Line>
      ))}
    </>
  );
}

/** One game settled is neither best nor worst: it is named once. Ids go short where whole ones do not fit `width`. */
function bestAndWorst(s: SessionSummary, sep: string, width: number, ascii: boolean): string {
  if (!s.best || !s.worst) return "best / worst: only cancelled games so far";
  const { best, worst } = s;
  const line = (id: (gid: string) => string) =>
    best.gid === worst.gid
      ? `only game #${id(best.gid)} ${formatMoneyChange(best.net)}`
      : `best #${id(best.gid)} ${formatMoneyChange(best.net)}${sep}worst #${id(worst.gid)} ${formatMoneyChange(worst.net)}`;
  const whole = line((gid) => gid);
  return textWidth(whole) <= width ? whole : line((gid) => shortGid(gid, ascii));
}

/** The session's line when nothing has settled, in the first wording that fits. */
const NOTHING_SETTLED = ["no games settled since the dashboard started", "none settled since the start"];

/** The session's figures as whole items: a narrow pane drops what was paid, then what was staked. */
function Summary(p: { summary: SessionSummary; currency: string; width: number }) {
  const theme = useTheme();
  const s = p.summary;
  const sep = ` ${glyphs(theme).sep} `;
  if (s.played === 0) {
    const words = NOTHING_SETTLED.find((w) => textWidth(`SESSION ${w}`) <= p.width) ?? NOTHING_SETTLED.at(-1)!;
    return (
      <>
        <Line bold>{["SESSION ", span(words, { tone: "dim" })]}</Line>
        <Text> </Text>
      </>
    );
  }
  const head = `SESSION ${plural(s.played, "game")}${s.cancelled > 0 ? ` (${s.cancelled} cancelled)` : ""}${s.unreadable > 0 ? ` (${s.unreadable} unreadable, not summed)` : ""}`;
  return (
    <>
      <Line bold>
        {fitGroups(
          [
            [head],
            [`${sep}net `, span(formatMoneyChange(s.net), { tone: netTone(s.net) }), p.currency === "" ? "" : ` ${p.currency}`],
            [`${sep}staked ${formatMoney(s.staked)}`],
            [`${sep}paid ${formatGross(s.won, s.staked)}`],
          ],
          p.width,
        )}
      </Line>
      <Line tone="dim">{bestAndWorst(s, sep, p.width, theme.ascii)}</Line>
    </>
  );
}
