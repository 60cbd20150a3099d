/**
 * Reading a dashboard's screen from outside, as a trader does: each pane's
 * text found by its title, and a record of every distinct screen with the
 * time it was seen, for benches that time what the screen says.
 */

/**
 * A pane's text: its title's row and each row below inside the same border,
 * from the border (the title's column for a pane without one, whose rows may
 * start further left: a focus mark before the title) to the pane's right
 * border, collapsed.
 */
export function paneText(screen: string, title: RegExp): string | undefined {
  const lines = screen.split("\n");
  const at = lines.findIndex((l) => title.test(l));
  if (at === -1) return undefined;
  const col = Array.from(lines[at]!.slice(0, title.exec(lines[at]!)!.index)).length;
  const left = Array.from(lines[at]!).lastIndexOf("│", col);
  // The pane's right border is under its top-right corner; a pane without a border ends its section at the line's end.
  const right = left === -1 ? -1 : Array.from(lines[at - 1] ?? "").indexOf("╮", col);
  const rows: string[] = [];
  for (let i = at; i < lines.length && rows.length < (left === -1 ? 3 : Infinity); i++) {
    const cells = Array.from(lines[i]!);
    if (left !== -1 && cells[left] !== "│") break;
    rows.push(
      cells
        .slice(left === -1 ? col : left + 1, right === -1 ? undefined : right)
        .join("")
        .trim(),
    );
  }
  return rows.filter(Boolean).join(" · ").replace(/\s+/g, " ");
}

export interface Seen {
  /** ms since the watch began. */
  at: number;
  screen: string;
}

/** Polls `screen` every `pollMs` until `untilMs`, keeping each screen that differs from the one before. */
export async function watchScreen(screen: () => string, untilMs: number, pollMs: (elapsed: number) => number): Promise<Seen[]> {
  const t0 = performance.now();
  const seen: Seen[] = [];
  for (let elapsed = 0; elapsed < untilMs; elapsed = performance.now() - t0) {
    const s = screen();
    if (seen.at(-1)?.screen !== s) seen.push({ at: elapsed, screen: s });
    await new Promise((r) => setTimeout(r, pollMs(elapsed)));
  }
  return seen;
}

/**
 * For one pane: when it first showed data (`hasData` of its text), and each
 * distinct thing it said before that.
 */
export function firstData(seen: readonly Seen[], title: RegExp, hasData: RegExp): { at: number | undefined; before: string[] } {
  const before: string[] = [];
  for (const s of seen) {
    const text = paneText(s.screen, title);
    if (text === undefined) continue;
    if (hasData.test(text)) return { at: s.at, before };
    if (before.at(-1) !== text) before.push(text);
  }
  return { at: undefined, before };
}
