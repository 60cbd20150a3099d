/**
 * Which layout a terminal size gets, and who gets its rows: a pure function
 * of the size and of what the panes hold, tested as a table of sizes
 * (docs/glance.md, "Layouts"). The frame is one row shorter than the
 * terminal; the FrameWriter (renderer/) could draw the last row too, but
 * the layout's row counts, and every test's, are made for this height.
 *
 *   - boxed: panes in borders, the game beside the balance; from 28 rows
 *     and 80 columns. From 120x35 of panes the roomy details (`full`); from
 *     180x35 the book and the positions in a column of their own, the book
 *     as tall as its rows, the chart the whole height beside them.
 *   - sections: no borders, each pane under a one-line title; from 14 rows
 *     and 60 columns. The chart keeps at least CHART_ROWS_FLOOR rows from
 *     20 rows up; below that the positions have what they want and the
 *     chart the rest, or one sparkline line when that is under
 *     CHART_ROWS_SHORT, the game's next lines taking what is left.
 *   - lines: one line a pane, down to 40x8.
 *
 * The alert line (an alert just fired) takes one row over the footer from
 * the panes, as the form takes its rows; the lines layout gives it one only
 * where its own lines keep theirs (not at 40x8). The strategy line, while a
 * strategy runs, takes a row over the alert line the same way, and first;
 * the prompt that arms it on mainnet takes that row wherever it is open.
 *
 * The positions keep their best row and their total in sight (but for the
 * lines layout with the form open, which takes their rows); from 20 rows
 * the chart never has fewer rows than its floor while the positions have
 * more than one.
 */
export const MIN_COLS = 40;
export const MIN_ROWS = 8;

export type LayoutMode = "boxed" | "sections" | "lines";
/** What --layout takes: a mode, or auto (by the size). */
export const LAYOUT_CHOICES = ["auto", "boxed", "sections", "lines"] as const;
export type LayoutChoice = (typeof LAYOUT_CHOICES)[number];

/** The smallest terminal each mode is chosen for (auto). */
const MODE_MIN: Record<LayoutMode, { cols: number; rows: number }> = {
  boxed: { cols: 80, rows: 28 },
  sections: { cols: 60, rows: 14 },
  lines: { cols: MIN_COLS, rows: MIN_ROWS },
};

export interface Layout {
  cols: number;
  rows: number;
  tooSmall: boolean;
  mode: LayoutMode;
  /** Panes in borders (boxed), or under one-line titles. */
  framed: boolean;
  /** The roomy boxed layout (120x35 of panes up): more lines per pane. */
  full: boolean;
  /** The book and positions column beside the panes on a wide terminal; 0 when the book is a view of its own (b). */
  bookWidth: number;
  /** The book pane's height in that column: its rows, no more. */
  bookHeight: number;
  /** The columns the game's panes take: all of them, less the book column. */
  paneCols: number;
  /** Height of the frame we draw (≤ rows − 1). */
  frameHeight: number;
  /** The alert line over the footer: 1 while it shows, 0 otherwise (or where the rows cannot spare it). */
  alertHeight: number;
  /** The strategy line over the alert line: 1 while a strategy runs (or its prompt is open), 0 otherwise or where the rows cannot spare it. */
  strategyHeight: number;
  /** Between the header and the footer (and the strategy and alert lines): the panes, or the view in their place. */
  bodyHeight: number;
  /** Boxed: the game and balance panes. Sections: the game's three lines and the money line. Lines: the game, price and money lines. */
  topHeight: number;
  priceHeight: number;
  positionsHeight: number;
  /** The inline position form, when open (0 when closed). */
  formHeight: number;
  gameWidth: number;
  balanceWidth: number;
  /** Rows of the price chart (its time axis included); 0: a sparkline line instead. */
  chartRows: number;
  /** Position rows that fit in the positions pane. */
  positionRows: number;
}

const HEADER = 1;
const FOOTER = 1;
/** A boxed pane's border and title. */
const BOXED_CHROME = 2 + 1;
/** The positions' column header and total, around the rows. */
const TABLE_CHROME = 2;
/** The chart's rows (its time axis included) that the positions give way to. */
export const CHART_ROWS_FLOOR = 5;
/** Below this many terminal rows the positions come first: the chart takes the rows they leave, if at least CHART_ROWS_SHORT, else it is one sparkline line. */
const CHART_MIN_TERMINAL_ROWS = 20;
export const CHART_ROWS_SHORT = 4;
/** From this many terminal rows the sections layout has the game's third line: whether it takes positions, the next game. */
const SECTIONS_PLACE_LINE_ROWS = 24;
/**
 * The most the sections layout's top takes of rows the positions leave: the game's title, countdown, price, third
 * line, open and ai, times, and the money line. A chart too short to draw leaves at most three rows: all fit here.
 */
const SECTIONS_TOP_MAX = 7;
/** The positions pane shows at most this many rows before it scrolls. */
export const POSITION_LINES_MAX = 12;

/** From this many columns (and 35 rows) the book and the positions sit beside the panes, in BOOK_SHARE of the width. */
export const BOOK_BESIDE_COLS = 180;
const BOOK_SHARE = 0.4;

export interface LayoutNeeds {
  /** The inline position form, or the alert form, is open. */
  formOpen?: boolean;
  /** The alert line shows over the footer: the panes give it a row. */
  alertLine?: boolean;
  /** A strategy runs: its line shows over the alert line, and the panes give it a row. */
  strategyLine?: boolean;
  /** The prompt that arms the strategy on mainnet is open: it has the strategy line's row whatever the size. */
  confirmOpen?: boolean;
  /** Lines the positions' rows want (PositionView.lines): a row per position, and a line each for what sits among and under them. */
  positionLines?: number;
  /** The table's column names and total (PositionView.chrome): both unless given, none for an empty table. */
  positionChrome?: number;
  /** The book's rows (games held), when a book column may show them. */
  bookRows?: number;
  /** --layout: a mode, or auto. */
  choice?: LayoutChoice;
}

/** The mode for a size: the one asked for while the size has room for it, else the roomiest that fits. */
export function layoutMode(cols: number, rows: number, choice: LayoutChoice = "auto"): LayoutMode {
  const fits = (m: LayoutMode) => cols >= MODE_MIN[m].cols && rows >= MODE_MIN[m].rows;
  if (choice !== "auto" && fits(choice)) return choice;
  return fits("boxed") ? "boxed" : fits("sections") ? "sections" : "lines";
}

export function computeLayout(cols: number, rows: number, needs: LayoutNeeds = {}): Layout {
  const mode = layoutMode(cols, rows, needs.choice);
  const tooSmall = cols < MIN_COLS || rows < MIN_ROWS;
  const frameHeight = rows - 1;
  const between = Math.max(0, frameHeight - HEADER - FOOTER);
  const strategyHeight = needs.confirmOpen === true || (needs.strategyLine === true && alertFits(between)) ? 1 : 0;
  const alertHeight = needs.alertLine === true && alertFits(between - strategyHeight) ? 1 : 0;
  const body = between - strategyHeight - alertHeight;
  const lines = Math.min(POSITION_LINES_MAX, Math.max(1, needs.positionLines ?? 0));
  // An empty table is its one line, with no column header or total around it.
  const table = needs.positionChrome ?? ((needs.positionLines ?? 0) > 0 ? TABLE_CHROME : 0);
  const base = {
    cols,
    rows,
    tooSmall,
    mode,
    framed: mode === "boxed",
    frameHeight,
    alertHeight,
    strategyHeight,
    bodyHeight: body,
    bookWidth: 0,
    bookHeight: 0,
    paneCols: cols,
  };
  if (mode === "lines")
    return { ...base, full: false, ...linesRows(body, lines, needs.formOpen === true), gameWidth: cols, balanceWidth: 0 };
  const beside = mode === "boxed" && cols >= BOOK_BESIDE_COLS && rows >= 35;
  const bookWidth = beside ? Math.floor(cols * BOOK_SHARE) : 0;
  const paneCols = cols - bookWidth;
  const full = mode === "boxed" && paneCols >= 120 && rows >= 35;
  const rowsOf = mode === "boxed" ? (beside ? besideRows : boxedRows) : sectionsRows;
  const split = rowsOf(body, lines, { full, formOpen: needs.formOpen === true, terminalRows: rows, bookRows: needs.bookRows ?? 0, table });
  const gameWidth = mode === "boxed" ? Math.floor(paneCols * (full ? 0.6 : 0.58)) : paneCols;
  return { ...base, full, bookWidth, paneCols, ...split, gameWidth, balanceWidth: paneCols - gameWidth };
}

/**
 * The alert line (and the strategy line) takes a row where the panes can
 * give one: the one-line layout keeps its three lines, and the form's two or
 * the positions' summary and best row, before it. The boxed and sections
 * layouts always have the row: their smallest sizes leave 11 rows of panes.
 */
function alertFits(body: number): boolean {
  return body - 1 >= 3 + 2;
}

type Split = Pick<Layout, "topHeight" | "priceHeight" | "positionsHeight" | "formHeight" | "chartRows" | "positionRows" | "bookHeight">;
interface SplitNeeds {
  full: boolean;
  formOpen: boolean;
  terminalRows: number;
  bookRows: number;
  /** The positions' column header and total: TABLE_CHROME, or 0 for an empty table. */
  table: number;
}

/**
 * The game's and the balance's lines (boxed): three; five in the roomy
 * layout; seven from TALL_ROWS, where the balance pane has room for the
 * last game's whole card.
 */
function topLines(n: SplitNeeds): number {
  return n.full ? (n.terminalRows >= TALL_ROWS ? 7 : 5) : 3;
}

/** From this many terminal rows the roomy boxed layout gives the top panes seven lines. */
export const TALL_ROWS = 42;

/**
 * The rows left after the fixed parts, shared by the chart and the
 * positions: the positions what they want while the chart keeps its floor,
 * then down to their one best row before the chart goes under its floor.
 */
function share(room: number, chromeChart: number, chromeTable: number, wanted: number): { chartRows: number; positionRows: number } {
  // Every layout that shares leaves room for a row (from 28 rows boxed, from 20 in sections): no need to cap it.
  const positionRows = Math.max(1, Math.min(wanted, room - chromeTable - chromeChart - CHART_ROWS_FLOOR));
  return { chartRows: Math.max(0, room - chromeTable - positionRows - chromeChart), positionRows };
}

function boxedRows(body: number, lines: number, n: SplitNeeds): Split {
  const topHeight = BOXED_CHROME + topLines(n);
  // Form: border, the fields, and one line of status (two in the full layout).
  const formHeight = n.formOpen ? 2 + 1 + (n.full ? 2 : 1) : 0;
  const room = Math.max(0, body - topHeight - formHeight);
  // Price pane: border, title and its price line around the chart.
  const { chartRows, positionRows } = share(room, BOXED_CHROME + 1, BOXED_CHROME + n.table, lines);
  const positionsHeight = BOXED_CHROME + n.table + positionRows;
  return { topHeight, formHeight, chartRows, positionRows, positionsHeight, priceHeight: room - positionsHeight, bookHeight: 0 };
}

/** Wide: the chart the whole height under the game and balance; the book (as tall as its rows) and the positions beside. */
function besideRows(body: number, lines: number, n: SplitNeeds): Split {
  const topHeight = BOXED_CHROME + topLines(n);
  const formHeight = n.formOpen ? 2 + 1 + 2 : 0;
  const priceHeight = Math.max(0, body - topHeight - formHeight);
  // The book: its title, column header, rows (one when none: what it is doing), at most half the column.
  const bookHeight = Math.min(Math.floor(body / 2), BOXED_CHROME + 1 + Math.max(1, n.bookRows));
  const positionsHeight = body - bookHeight;
  const positionRows = Math.max(1, Math.min(lines, positionsHeight - BOXED_CHROME - n.table));
  return {
    topHeight,
    formHeight,
    priceHeight,
    chartRows: Math.max(0, priceHeight - BOXED_CHROME - 1),
    positionRows,
    positionsHeight,
    bookHeight,
  };
}

/** No borders: the game's lines and the money line, the chart under its title, the table under its own. */
function sectionsRows(body: number, lines: number, n: SplitNeeds): Split {
  // The game's title, countdown and price, the money line; from 24 rows whether it takes positions and the next game too.
  const topHeight = n.terminalRows >= SECTIONS_PLACE_LINE_ROWS ? 5 : 4;
  const formHeight = n.formOpen ? 2 : 0;
  const room = Math.max(0, body - topHeight - formHeight);
  // Below 20 rows the positions keep every row they want; the chart takes what is left if that reaches CHART_ROWS_SHORT.
  const short = n.terminalRows < CHART_MIN_TERMINAL_ROWS;
  if (short && room - 1 - (1 + n.table + lines) < CHART_ROWS_SHORT) {
    // The price as one sparkline line; the rest to the positions, and what they do not want to the game's next
    // lines (whether it takes positions and the next game, the open and ai, the times) rather than blank under the table.
    const spare = Math.max(0, Math.min(SECTIONS_TOP_MAX - topHeight, room - 1 - (1 + n.table + lines)));
    const below = room - spare - 1;
    const positionRows = Math.max(1, Math.min(lines, below - 1 - n.table));
    return { topHeight: topHeight + spare, formHeight, priceHeight: 1, chartRows: 0, positionRows, positionsHeight: below, bookHeight: 0 };
  }
  const { chartRows, positionRows } = short
    ? { chartRows: room - 1 - (1 + n.table + lines), positionRows: lines }
    : share(room, 1, 1 + n.table, lines);
  const positionsHeight = 1 + n.table + positionRows;
  return { topHeight, formHeight, chartRows, positionRows, positionsHeight, priceHeight: room - positionsHeight, bookHeight: 0 };
}

/**
 * One line a pane: the game, the price and the money (the top's three), the
 * positions' summary, then its rows; the form's two lines in their place
 * while it is open. A row left over shows the sparkline.
 */
function linesRows(body: number, lines: number, formOpen: boolean): Split {
  const topHeight = 3;
  const formHeight = formOpen ? 2 : 0;
  // The form open on the smallest screens takes the positions' rows: it is what the trader is doing.
  const positionsHeight = Math.max(formOpen ? 0 : 1, body - topHeight - formHeight);
  const positionRows = Math.max(0, Math.min(lines, positionsHeight - 1));
  return { topHeight, formHeight, priceHeight: 0, chartRows: 0, positionRows, positionsHeight, bookHeight: 0 };
}
