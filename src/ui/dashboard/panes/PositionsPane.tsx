import { memo, useMemo } from "react";
import {
  formatDistance,
  formatMoneyAt,
  formatMoneyChangeAt,
  formatPercent,
  formatPriceExactIn,
  formatStake,
  formatWhen,
  fractionWidth,
  padFraction,
  plural,
  shortGid,
} from "../../../domain/format.js";
import type { Decimal } from "../../../domain/money.js";
import { ifClosedNow } from "../../../domain/money-line.js";
import {
  bestRow,
  distanceFrom,
  isWinning,
  type OtherGame,
  type PositionRow,
  positionTotals,
  projectedNetOf,
} from "../../../domain/positions.js";
import { isReadable } from "../../../domain/service-data.js";
import { AgeBadge, type Freshness } from "../../age.js";
import { cell, type DroppableColumn, fitColumns } from "../../columns.js";
import { keyName } from "../../keymap.js";
import { useKeyTables } from "../../keys-context.js";
import { Line } from "../../Line.js";
import { innerWidth, Pane, type PaneFrame } from "../../Pane.js";
import type { Tone } from "../../palettes.js";
import { type Piece, type Span, span } from "../../spans.js";
import { mark } from "../../symbols.js";
import { signTone, useTheme } from "../../theme.js";
import { endedRows, type PositionView, tableWindow, visibleRows } from "../position-view.js";
import { heldCount } from "./game-words.js";

export interface PositionsPaneProps extends PaneFrame, Freshness {
  /** Whether the live game's positions have been read (positionsRead): until then no count is claimed. */
  read: boolean;
  /** What the table lists (position-view.ts); the distances are measured here, from livePrice. */
  view: PositionView;
  livePrice: Decimal | undefined;
  /** Set when the listing says no game is live: what to say instead of waiting. */
  noLiveGame?: string | undefined;
  /** Whether the live game takes positions now: its count says how many are left. */
  accepting: boolean;
  /** Whether the empty table offers the place key: the game takes positions and the form is not open already. */
  offerPlace: boolean;
  scroll: number;
  visibleRows: number;
  /**
   * The day being drawn (local midnight, dayOf of the server's now): a position placed on
   * another day shows its date. A day, not the instant, so the clock's
   * second alone does not redraw the table.
   */
  today: number;
}

const STRIKE_WIDTH = 12;

type Key = "strike" | "stake" | "dist" | "projected" | "net" | "ret" | "placed";

/**
 * A plain fixed-width table is cheaper to draw every second than a table
 * component. Narrow panes drop whole columns: PLACED first, then RETURN,
 * PROJ.GROSS, STAKE; the strike, its distance from the price and the
 * projected net stay. GROSS is the projected winnings (`w`), NET those less
 * the stake: the figure the ◆ and "if closed now" go by.
 */
const COLS: readonly (DroppableColumn & { key: Key })[] = [
  { key: "strike", title: "STRIKE", width: STRIKE_WIDTH },
  { key: "stake", title: "STAKE", width: 10, drop: 3 },
  { key: "dist", title: "PRICE−STRIKE", width: 12 },
  { key: "projected", title: "PROJ.GROSS", width: 10, drop: 2 },
  { key: "net", title: "PROJ.NET", width: 9 },
  { key: "ret", title: "RETURN", width: 9, drop: 1 },
  { key: "placed", title: "PLACED", width: 8, drop: 0 },
];
/** The row marker before the strike: ◆ on a winning position. */
const MARK = 2;

type Cells = Partial<Record<Key, string | Span>>;

export const PositionsPane = memo(function PositionsPane(p: PositionsPaneProps) {
  const ascii = useTheme().ascii;
  const keys = useKeyTables().dashboard;
  const scrollKeys = `${keyName(keys, "scrollDown")}/${keyName(keys, "scrollUp")}`;
  const placeKey = keyName(keys, "place");
  // The rows change with /status, the live price with every price: only the distances follow the price.
  const v = p.view;
  const totals = useMemo(() => positionTotals(v.rows), [v.rows]);
  const live = p.livePrice ?? null;
  const all = v.all;
  // Dates come and go with the day, not the second: the columns and rows are rebuilt when the day turns.
  const { today } = p;
  const width = innerWidth(p);
  const cols = useMemo(() => tableColumns(all, today, width), [all, today, width]);
  const { net, texts, totalTexts, pads } = useTableTexts(all, totals, today, cols);
  const best = bestRow(v.rows, p.livePrice);
  const streakOf = new Map(v.streaks.map((s) => [s.positionId, s.streak]));
  const window = tableWindow(v, p.visibleRows);
  const { shown, scroll, more } = visibleRows(v.rows, best, window.room, p.scroll);
  const ended = endedRows(v, window.room - shown.length - (more ? 1 : 0));
  const count = heldCount(totals.count, p.accepting, p.read) ?? "…";
  const title = `POSITIONS${v.gid ? ` #${shortGid(v.gid, ascii)}` : ""}  ${count}`;
  const titles = all.length > 0 ? <Line tone="dim">{row(cols, Object.fromEntries(cols.map((c) => [c.key, c.title])))}</Line> : null;
  const line = (r: PositionRow) => {
    const settling = !v.rows.includes(r);
    return (
      <PositionLine
        key={r.txid}
        row={r}
        text={texts.get(r)!}
        pads={pads}
        cols={cols}
        live={settling ? null : live}
        stale={p.stale}
        today={today}
        best={r === best}
        streak={streakOf.get(r.txid)}
        room={width - MARK - cols.reduce((w, c) => w + c.width + 1, -1)}
        settling={settling}
      />
    );
  };
  return (
    <Pane
      title={title}
      width={p.width}
      height={p.height}
      focused={p.focused}
      framed={p.framed}
      right={<AgeBadge at={p.at} stale={p.stale} error={p.error} />}
    >
      {/* An empty table is its one line: no column names over nothing. */}
      {v.rows.length > 0 ? titles : null}
      {v.rows.length === 0 ? <Line tone={p.error ? "bad" : "dim"}>{p.error ?? emptyLine(p, placeKey)}</Line> : null}
      {shown.map(line)}
      {more ? <Line tone="dim">{windowLine(more, scroll, best !== undefined && shown[0] === best, scrollKeys)}</Line> : null}
      {v.rows.length > 0 ? (
        <Line bold>
          {row(cols, {
            strike: "total",
            stake: padFraction(totalTexts.stake, pads.stake),
            projected: padFraction(totalTexts.projected, pads.projected),
            net: span(padFraction(totalTexts.net, pads.net), { tone: net === null ? "dim" : signTone(net.cmp(0)) }),
            ret: totals.returnPct === null ? "–" : formatPercent(totals.returnPct),
          })}
        </Line>
      ) : null}
      {/* The ended game's rows under the live game's total, below a line that says what they are waiting for (always: the layout counts it). */}
      {v.settling ? <Line tone="accent">{settlingLine(v.settling, ended.length, ascii)}</Line> : null}
      {/* With no live rows the names stand over the ended game's, not over the line that says the live game has none. */}
      {v.rows.length === 0 && ended.length > 0 ? titles : null}
      {ended.map(line)}
      {window.othersLine ? <Line tone="dim">{otherGamesLine(v.others, ascii)}</Line> : null}
      {window.streaksLine ? (
        <Line tone="accent">{`streaks on track: ${v.unplaced.map((s) => `${plural(s.streak, "win")} (position ${s.positionId.slice(0, 8)})`).join(", ")}`}</Line>
      ) : null}
    </Pane>
  );
});

/** "ended #…489886: settling, result on its way", and how many positions it holds when not all are shown. */
function settlingLine(settling: NonNullable<PositionView["settling"]>, shown: number, ascii: boolean): string {
  const held = shown < settling.rows.length ? `, ${plural(settling.rows.length, "position")}` : "";
  return `ended #${shortGid(settling.gid, ascii)}: settling${held}, result on its way`;
}

/** "best, then rows 3–5 of 9 (j/k)": which rows the window shows; "best shown, 5 more hidden" when it has no room for any. */
function windowLine(more: { window: number; of: number }, scroll: number, bestFirst: boolean, keys: string): string {
  if (more.window === 0) return `${bestFirst ? "best shown, " : ""}${more.of} more hidden: a taller pane shows them`;
  return `${bestFirst ? "best, then " : ""}rows ${scroll + 1}–${scroll + more.window} of ${more.of} (${keys})`;
}

/** What the table says with no rows: only a read says there are none. */
function emptyLine(p: PositionsPaneProps, placeKey: string): string {
  if (p.noLiveGame) return p.noLiveGame;
  if (!p.view.gid) return "waiting for the live game…";
  if (!p.read) return "loading your positions in this game…";
  return p.offerPlace ? `no positions in this game — ${placeKey} places one` : "no positions in this game";
}

/** The columns that fit, PLACED as wide as its widest time (a date when a position is not from today). */
function tableColumns(rows: readonly PositionRow[], today: number, width: number) {
  const placed = Math.max(8, ...rows.map((r) => (isReadable(r.placedAt) ? formatWhen(r.placedAt, today).length : 1)));
  return fitColumns(
    COLS.map((c) => (c.key === "placed" ? { ...c, width: placed } : c)),
    width,
    MARK,
  );
}

/** One table row: the marker, then each kept column's cell (a missing one blank), one space apart. */
function row(cols: readonly (DroppableColumn & { key: Key })[], values: Cells, mark: Piece = "  "): Piece[] {
  return [
    mark,
    ...cols.flatMap((c, i) => {
      const v = values[c.key] ?? "";
      const piece = typeof v === "string" ? cell(c, v) : { ...v, text: cell(c, v.text) };
      return i === 0 ? [piece] : [" ", piece];
    }),
  ];
}

/** "+2 in ended game #489885 (result pending) · +1 in next game #489887" */
function otherGamesLine(others: readonly OtherGame[], ascii: boolean): string {
  return others
    .map((o) => {
      const gid = shortGid(o.gid, ascii);
      return `+${o.count} in ${o.relation === "next" ? `next game #${gid}` : `ended game #${gid} (result pending)`}`;
    })
    .join(" · ");
}

/** Every row's figures and the total's as text, and the pads that line their points up. */
function useTableTexts(
  all: readonly PositionRow[],
  totals: ReturnType<typeof positionTotals>,
  today: number,
  cols: readonly (DroppableColumn & { key: Key })[],
) {
  // One precision for the game's figures (totals.places): a row's net crossing a tenth does not change its digits.
  const { places } = totals;
  const texts = useMemo(() => new Map(all.map((r) => [r, rowTexts(r, today, places)])), [all, today, places]);
  // Worked out when /status changes the totals, not every frame: the pads, and so every row, hold still between.
  const { net, totalTexts } = useMemo(() => {
    const net = ifClosedNow(totals)?.net ?? null;
    const totalTexts = {
      stake: formatStake(totals.staked),
      projected: totals.projected === null ? "–" : formatMoneyAt(totals.projected, totals.places),
      net: net === null ? "–" : formatMoneyChangeAt(net, totals.places),
    };
    return { net, totalTexts };
  }, [totals]);
  const pads = useMemo(() => moneyPads(cols, [...texts.values(), totalTexts]), [cols, texts, totalTexts]);
  return { net, texts, totalTexts, pads };
}

/** A row's figures as text: formatted when /status changes them, not when the price does. */
type RowTexts = ReturnType<typeof rowTexts>;

function rowTexts(r: PositionRow, today: number, places: number) {
  const net = projectedNetOf(r);
  return {
    strike: formatPriceExactIn(r.strike, STRIKE_WIDTH),
    stake: formatStake(r.stake),
    projected: r.projected === null ? (r.pending ? "pending" : "–") : formatMoneyAt(r.projected, places),
    net: net === null ? (r.pending ? "pending" : "–") : formatMoneyChangeAt(net, places),
    ret: r.returnPct === null ? "–" : formatPercent(r.returnPct),
    placed: isReadable(r.placedAt) ? formatWhen(r.placedAt, today) : "?",
  };
}

type MoneyKey = "stake" | "projected" | "net";
type Pads = Record<MoneyKey, number>;

/**
 * What each money column's figures are padded to so that their points line
 * up, the total's too: a minimum-stake row's "0.00586" under "0.011319".
 * None where a padded figure would not fit its column.
 */
function moneyPads(cols: readonly (DroppableColumn & { key: Key })[], rows: readonly Pick<RowTexts, MoneyKey>[]): Pads {
  const pad = (key: MoneyKey) =>
    fractionWidth(
      rows.map((t) => t[key]),
      cols.find((c) => c.key === key)?.width,
    );
  return { stake: pad("stake"), projected: pad("projected"), net: pad("net") };
}

interface PositionLineProps {
  row: PositionRow;
  text: RowTexts;
  pads: Pads;
  cols: readonly (DroppableColumn & { key: Key })[];
  live: Decimal | null;
  stale: boolean;
  /** Local midnight of today (dayOf): a time from another day carries its date. */
  today: number;
  /** The best position (bestRow): bold, in sight whatever the scroll. */
  best: boolean;
  streak: number | undefined;
  /** Columns left after the table's cells, for the notes after a row. */
  room: number;
  /** One of the ended game's positions, under the "settling" line. */
  settling: boolean;
}

/** One position. Its figures are formatted when /status changes them; a new price re-formats the distance only. */
const PositionLine = memo(function PositionLine(p: PositionLineProps) {
  const theme = useTheme();
  const r = p.row;
  const net = projectedNetOf(r);
  const { text, pads } = p;
  const distance = p.live === null ? null : distanceFrom(p.live, r);
  // A stale, inactive or settling row is grey throughout: its colours would claim a verdict it does not have.
  const grey = p.stale || !r.active || p.settling;
  const shade = (t: Tone) => (grey ? "dim" : t);
  const netTone: Tone = net === null ? "dim" : signTone(net.cmp(0));
  const winning = !grey && isWinning(r);
  const notes = [
    p.streak !== undefined && streakPiece(p.streak, mark("streak", theme.ascii), p.room, shade("accent")),
    r.note !== null && span(` ${r.note}`, { tone: r.active ? "warn" : "dim" }),
  ];
  return (
    <Line tone={grey ? "dim" : undefined} bold={p.best && !grey}>
      {[
        ...row(
          p.cols,
          {
            strike: text.strike,
            stake: padFraction(text.stake, pads.stake),
            dist: span(distance === null ? "–" : formatDistance(distance), { tone: shade(p.best ? "accent" : "dim") }),
            projected: span(padFraction(text.projected, pads.projected), { tone: shade(netTone) }),
            net: span(padFraction(text.net, pads.net), { tone: shade(netTone) }),
            ret: span(text.ret, { tone: shade(netTone) }),
            placed: text.placed,
          },
          winning ? span(`${mark("winning", theme.ascii)} `, { tone: "up" }) : "  ",
        ),
        ...notes,
      ]}
    </Line>
  );
});

/**
 * " ★2 wins on track", or " ★2" where the row has no room for the words,
 * or nothing where it has none for that: cut, it would end the row's last
 * figure in "…" as if that were cut. /status reports the streak this
 * position would make if the game settled now, not one won (the "streaks
 * on track" line says it the same way).
 */
function streakPiece(streak: number, star: string, room: number, tone: Tone): Piece {
  const long = ` ${star}${plural(streak, "win")} on track`;
  const short = ` ${star}${streak}`;
  if (long.length <= room) return span(long, { tone });
  return short.length <= room ? span(short, { tone }) : null;
}
