/**
 * Fixed-width table cells: the compact tables of the positions pane and the
 * results view are plain text runs, which Ink draws far more cheaply than a
 * table component (docs/rendering.md, "Why no `ink-table`").
 */
export interface Column {
  title: string;
  width: number;
  /** Text columns read better left-aligned; numbers stay right-aligned. */
  left?: boolean;
}

export function cell(c: Column, v: string): string {
  return c.left ? v.padEnd(c.width) : v.padStart(c.width);
}

/** A row of cells, one space apart. */
export function cells(cols: readonly Column[], values: readonly string[]): string {
  return values.map((v, i) => cell(cols[i]!, v)).join(" ");
}

/** A column a narrow table may drop: the lower `drop`, the sooner it goes (undefined: kept at any width). */
export interface DroppableColumn extends Column {
  drop?: number;
}

/**
 * The columns that fit `width` (cells one space apart, after `lead`
 * columns of row markers): whole columns are dropped, lowest `drop` first,
 * never cut mid-word.
 */
export function fitColumns<C extends DroppableColumn>(cols: readonly C[], width: number, lead = 0): C[] {
  const kept = [...cols];
  const order = cols.filter((c) => c.drop !== undefined).sort((a, b) => a.drop! - b.drop!);
  const total = () => lead + kept.reduce((w, c) => w + c.width, 0) + Math.max(0, kept.length - 1);
  for (const c of order) {
    if (total() <= width) break;
    kept.splice(kept.indexOf(c), 1);
  }
  return kept;
}
