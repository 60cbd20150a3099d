/**
 * Pane sizes for a terminal size. The frame is one row shorter than the
 * terminal; the FrameWriter (renderer/) could draw the last row too, but the
 * layout's row counts, and every test's, are made for this height.
 */
export const MIN_COLS = 60;
export const MIN_ROWS = 20;

export interface Layout {
  cols: number;
  rows: number;
  tooSmall: boolean;
  /** The roomy layout from 120x35 of panes up; below it everything is compact. */
  full: boolean;
  /** The book pane's width beside the panes on a large terminal (BOOK_BESIDE_COLS up); 0 when the book is a view of its own (b). */
  bookWidth: number;
  /** The columns the game's panes take: all of them, less the book pane's. */
  paneCols: number;
  /** Height of the frame we draw (≤ rows − 1). */
  frameHeight: number;
  topHeight: number;
  priceHeight: number;
  positionsHeight: number;
  /** The inline position form, when open (0 when closed). */
  formHeight: number;
  gameWidth: number;
  balanceWidth: number;
  /** Rows of the price chart. */
  chartRows: number;
  /** Position rows that fit in the positions pane. */
  positionRows: number;
}

const BORDER = 2;
/** Every pane's first line is its title. */
const TITLE = 1;
const HEADER = 1;
const FOOTER = 1;
/** Positions pane: title, column header and totals around the rows. */
const POSITIONS_CHROME = BORDER + TITLE + 2;
/** The positions pane shows at least this many lines, and at most this many before it scrolls. */
export const POSITION_LINES_MIN = 2;
export const POSITION_LINES_MAX = 12;
/** The chart's rows (plot and time axis) that the form and the positions leave it when there is room. */
export const CHART_ROWS_FLOOR = 3;
/** Price pane: title and the price line around the chart. */
const PRICE_CHROME = BORDER + TITLE + 1;

/** From this many columns (and 35 rows) the book sits beside the panes, taking BOOK_SHARE of the width. */
export const BOOK_BESIDE_COLS = 180;
const BOOK_SHARE = 0.35;

export interface LayoutNeeds {
  /** The inline position form is open. */
  formOpen?: boolean;
  /** Lines the positions pane's content wants: a row per position, and a line each for other games and streaks. */
  positionLines?: number;
}

/**
 * Who gets the rows: the top panes a fixed height, the form its own, the
 * positions what their content needs (within a minimum and a maximum), and
 * the chart every row left. When that leaves the chart fewer than its
 * floor, the positions give rows back down to one visible line.
 */
export function computeLayout(cols: number, rows: number, needs: LayoutNeeds = {}): Layout {
  const tooSmall = cols < MIN_COLS || rows < MIN_ROWS;
  const bookWidth = cols >= BOOK_BESIDE_COLS && rows >= 35 ? Math.floor(cols * BOOK_SHARE) : 0;
  const paneCols = cols - bookWidth;
  const full = paneCols >= 120 && rows >= 35;
  const frameHeight = rows - 1;
  const body = Math.max(0, frameHeight - HEADER - FOOTER);
  const topHeight = BORDER + TITLE + (full ? 5 : 3);
  // Form: border, the fields, and one line of status (two in the full layout).
  const formHeight = needs.formOpen ? BORDER + 1 + (full ? 2 : 1) : 0;
  const room = Math.max(0, body - topHeight - formHeight);
  const lines = Math.min(POSITION_LINES_MAX, Math.max(POSITION_LINES_MIN, needs.positionLines ?? 0));
  const chartFloor = PRICE_CHROME + CHART_ROWS_FLOOR;
  const positionsHeight = Math.max(
    0,
    Math.min(POSITIONS_CHROME + lines, Math.max(POSITIONS_CHROME + 1, room - chartFloor), room - PRICE_CHROME - 1),
  );
  const priceHeight = room - positionsHeight;
  const gameWidth = Math.floor(paneCols * (full ? 0.6 : 0.58));
  return {
    cols,
    rows,
    tooSmall,
    full,
    bookWidth,
    paneCols,
    frameHeight,
    topHeight,
    priceHeight,
    positionsHeight,
    formHeight,
    gameWidth,
    balanceWidth: paneCols - gameWidth,
    chartRows: Math.max(0, priceHeight - PRICE_CHROME),
    positionRows: Math.max(0, positionsHeight - POSITIONS_CHROME),
  };
}
