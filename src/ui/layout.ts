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
  /** The roomy layout from 120x35 up; below it everything is compact. */
  full: boolean;
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
/** Positions pane: title, column header and totals around the rows (streaks take a spare row). */
const POSITIONS_CHROME = BORDER + TITLE + 2;
const WANTED_POSITION_ROWS = 10;

export function computeLayout(cols: number, rows: number, formOpen = false): Layout {
  const tooSmall = cols < MIN_COLS || rows < MIN_ROWS;
  const full = cols >= 120 && rows >= 35;
  const frameHeight = rows - 1;
  const body = Math.max(0, frameHeight - HEADER - FOOTER);
  const topHeight = BORDER + TITLE + (full ? 5 : 3);
  // Price pane: title, at least one chart row, the price line.
  const minPrice = BORDER + TITLE + 2;
  // Form: border, the fields, and one line of status (two in the full layout).
  const formHeight = formOpen ? BORDER + 1 + (full ? 2 : 1) : 0;
  const wantedPositions = POSITIONS_CHROME + WANTED_POSITION_ROWS;
  const priceHeight = Math.max(minPrice, Math.min(minPrice + 15, body - topHeight - formHeight - wantedPositions));
  const positionsHeight = Math.max(0, body - topHeight - priceHeight - formHeight);
  const gameWidth = Math.floor(cols * (full ? 0.6 : 0.58));
  return {
    cols,
    rows,
    tooSmall,
    full,
    frameHeight,
    topHeight,
    priceHeight,
    positionsHeight,
    formHeight,
    gameWidth,
    balanceWidth: cols - gameWidth,
    chartRows: priceHeight - BORDER - TITLE - 1,
    positionRows: Math.max(0, positionsHeight - POSITIONS_CHROME),
  };
}
