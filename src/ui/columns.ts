/**
 * Fixed-width table cells: the compact tables of the positions pane and the
 * results view are plain text runs, which Ink draws far more cheaply than a
 * table component (see the README's note on ink-table).
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
