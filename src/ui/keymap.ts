/**
 * Every key the dashboard answers, in one table per place it answers them:
 * which key, what it does, how the help overlay names it and how the footer
 * hints at it. The handlers dispatch through these tables and the help and
 * footer are made from them, so the three cannot disagree.
 *
 * The position form's editing keys (typing, arrows, nudges) are not
 * dispatched from here: what they do to a field is form-state.ts's; they
 * are described here for the footer and the help.
 */
import type { Key } from "ink";
import { textWidth } from "./spans.js";

export interface KeyPress {
  input: string;
  key: Key;
}

export interface Binding<A extends string> {
  action: A;
  /** Whether this press is the binding's key. */
  matches(p: KeyPress): boolean;
  /** As the help overlay names the key: "j / k, ↓ / ↑". */
  keys: string;
  /** What it does, for the help overlay. */
  does: string;
  /** The footer's short form ("j/k scroll"); none when the footer leaves it out. */
  hint?: string;
  /** How long the hint holds on in a narrow footer: 1 goes last (see Hint). */
  rank?: number;
}

/** A footer hint, and its rank: when the footer is short of room, the highest ranks go first, whole. */
export interface Hint {
  text: string;
  rank: number;
}

const plain = (p: KeyPress) => !p.key.ctrl && !p.key.meta;
const char =
  (...cs: string[]) =>
  (p: KeyPress) =>
    plain(p) && cs.includes(p.input);
const ctrl = (c: string) => (p: KeyPress) => p.key.ctrl && p.input === c;

export const isEscape = (p: KeyPress): boolean => p.key.escape;
/** A list's "next" and "previous" keys, the same in every list: j or ↓, k or ↑. */
const isDown = (p: KeyPress): boolean => char("j")(p) || p.key.downArrow;
const isUp = (p: KeyPress): boolean => char("k")(p) || p.key.upArrow;
export const isCtrlC: (p: KeyPress) => boolean = ctrl("c");

// ---- the dashboard ----------------------------------------------------------------------

export type DashboardAction =
  | "quit"
  | "close"
  | "help"
  | "diagnostics"
  | "nextPane"
  | "previousPane"
  | "scrollDown"
  | "scrollUp"
  | "interval"
  | "asset"
  | "zoomOut"
  | "zoomIn"
  | "refresh"
  | "place"
  | "repeat"
  | "results"
  | "book";

export const DASHBOARD_KEYS: readonly Binding<DashboardAction>[] = [
  { action: "quit", matches: (p) => char("q")(p) || isCtrlC(p), keys: "q, Ctrl+C", does: "quit", hint: "q quit", rank: 1 },
  { action: "close", matches: isEscape, keys: "Esc", does: "close this help or any overlay" },
  { action: "help", matches: char("?"), keys: "?", does: "toggle this help", hint: "? help", rank: 2 },
  {
    action: "nextPane",
    matches: (p) => p.key.tab && !p.key.shift,
    keys: "Tab / Shift+Tab",
    does: "move between panes: game, balance, price, positions",
    hint: "tab pane",
    rank: 7,
  },
  { action: "previousPane", matches: (p) => p.key.tab && p.key.shift, keys: "", does: "" },
  {
    action: "scrollDown",
    matches: isDown,
    keys: "j / k, ↓ / ↑",
    does: "scroll the positions table",
    hint: "j/k scroll",
    rank: 4,
  },
  { action: "scrollUp", matches: isUp, keys: "", does: "" },
  { action: "interval", matches: char("i"), keys: "i", does: "cycle the game interval (10s, 1m, 1h, 1d)", hint: "i interval", rank: 4 },
  { action: "asset", matches: char("a"), keys: "a", does: "cycle the asset", hint: "a asset", rank: 5 },
  {
    action: "zoomOut",
    matches: char("+", "="),
    keys: "+ / -",
    does: "a longer / shorter chart window: the game, 5 min, 1 h, 24 h (as far as the history reaches)",
    hint: "+/- chart",
    rank: 6,
  },
  { action: "zoomIn", matches: char("-", "_"), keys: "", does: "" },
  {
    action: "refresh",
    matches: ctrl("r"),
    keys: "Ctrl+R",
    does: "refresh everything now (at most every 5 s, inside the request budget)",
    hint: "^R refresh",
    rank: 7,
  },
  {
    action: "place",
    matches: char("p"),
    keys: "p / P",
    does: "place a position / repeat the last stake at the live price (a paste goes into its field)",
    hint: "p place",
    rank: 2,
  },
  { action: "repeat", matches: char("P"), keys: "", does: "", hint: "P repeat", rank: 6 },
  { action: "results", matches: char("r"), keys: "r", does: "results and history", hint: "r results", rank: 3 },
  {
    action: "book",
    matches: char("b"),
    keys: "b",
    does: "the book: every game held, in every market; Enter shows the selected one in the panes",
    hint: "b book",
    rank: 6,
  },
  {
    action: "diagnostics",
    matches: char("D"),
    keys: "D",
    does: "diagnostics: each call's last failure and the values that could not be read",
    hint: "D diagnostics",
    rank: 8,
  },
];

/** What decides which dashboard hints apply now. */
export interface HintContext {
  /** --readonly: nothing can be placed. */
  readonly: boolean;
  /** The positions table has rows to scroll. */
  holding: boolean;
  /** The service answers with fresh data (placingKnown): offline, `p` is not offered. */
  online: boolean;
}

const APPLIES: Partial<Record<DashboardAction, (c: HintContext) => boolean>> = {
  place: (c) => !c.readonly && c.online,
  repeat: (c) => !c.readonly && c.online,
  scrollDown: (c) => c.holding,
};

export function dashboardHints(c: HintContext): Hint[] {
  return hints(DASHBOARD_KEYS.filter((b) => APPLIES[b.action]?.(c) ?? true));
}

/** What the dashboard shows over its panes; each is toggled by the key of its action. */
export type Overlay = "help" | "diagnostics";

/** Over an overlay, the footer offers the way back (its own key or Esc), the other overlay and quit. */
function overlayHints(overlay: Overlay): Hint[] {
  const other: DashboardAction = overlay === "help" ? "diagnostics" : "help";
  const own = dashboardBinding(overlay);
  return [{ text: `${own.keys}/Esc close ${overlay}`, rank: 1 }, ...hints([dashboardBinding(other), dashboardBinding("quit")])];
}

function dashboardBinding(action: DashboardAction): Binding<DashboardAction> {
  return DASHBOARD_KEYS.find((b) => b.action === action)!;
}

// ---- the results view ---------------------------------------------------------------------

export type ResultsAction = "close" | "back" | "down" | "up" | "open" | "nextPage" | "previousPage" | "interval" | "asset" | "place";

type ResultsBinding = Binding<ResultsAction> & { in: "list" | "detail" };

export const RESULTS_KEYS: readonly ResultsBinding[] = [
  {
    action: "close",
    in: "list",
    matches: (p) => char("r")(p) || isEscape(p),
    keys: "r, Esc",
    does: "close the results view",
    hint: "r/Esc close",
    rank: 1,
  },
  {
    action: "down",
    in: "list",
    matches: isDown,
    keys: "j / k, Enter",
    does: "select a game / show its positions",
    hint: "j/k select",
    rank: 2,
  },
  { action: "up", in: "list", matches: isUp, keys: "", does: "" },
  { action: "open", in: "list", matches: (p) => p.key.return, keys: "", does: "", hint: "Enter positions", rank: 3 },
  {
    action: "nextPage",
    in: "list",
    matches: (p) => char("n")(p) || p.key.pageDown,
    keys: "n / N, PgDn / PgUp",
    does: "next / previous page",
    hint: "n/N page",
    rank: 3,
  },
  { action: "previousPage", in: "list", matches: (p) => char("N")(p) || p.key.pageUp, keys: "", does: "" },
  {
    action: "interval",
    in: "list",
    matches: char("i"),
    keys: "i / a",
    does: "cycle the interval / asset filter",
    hint: "i interval",
    rank: 4,
  },
  { action: "asset", in: "list", matches: char("a"), keys: "", does: "", hint: "a asset", rank: 5 },
  { action: "place", in: "list", matches: char("p", "P"), keys: "", does: "" },
  {
    action: "back",
    in: "detail",
    matches: (p) => isEscape(p) || p.key.backspace || p.key.delete,
    keys: "Esc / Backspace",
    does: "back to the list",
    hint: "Esc/Backspace back",
    rank: 1,
  },
  { action: "close", in: "detail", matches: char("r"), keys: "", does: "", hint: "r close", rank: 2 },
  { action: "place", in: "detail", matches: char("p", "P"), keys: "", does: "" },
];

/** Keys the results view leaves to the dashboard: quitting, the overlays, refresh. */
export function passesThroughResults(p: KeyPress): boolean {
  return char("q", "?", "D")(p) || p.key.ctrl;
}

function resultsKeys(detail: boolean): readonly ResultsBinding[] {
  return RESULTS_KEYS.filter((b) => b.in === (detail ? "detail" : "list"));
}

export function resultsBinding(p: KeyPress, detail: boolean): ResultsBinding | undefined {
  return binding(resultsKeys(detail), p);
}

export function resultsHints(detail: boolean): Hint[] {
  const passedThrough = detail ? [dashboardBinding("quit")] : [dashboardBinding("refresh"), dashboardBinding("quit")];
  return hints([...resultsKeys(detail), ...passedThrough]);
}

// ---- the book --------------------------------------------------------------------------------

export type BookAction = "close" | "down" | "up" | "focus";

export const BOOK_KEYS: readonly Binding<BookAction>[] = [
  { action: "close", matches: (p) => char("b")(p) || isEscape(p), keys: "b, Esc", does: "leave the book", hint: "b/Esc close", rank: 1 },
  {
    action: "down",
    matches: isDown,
    keys: "j / k, Enter",
    does: "select a game / show it in the panes",
    hint: "j/k select",
    rank: 2,
  },
  { action: "up", matches: isUp, keys: "", does: "" },
  { action: "focus", matches: (p) => p.key.return, keys: "", does: "", hint: "Enter show", rank: 1 },
];

/** Keys the book leaves to the dashboard: quitting, the overlays, refresh, placing. */
export function passesThroughBook(p: KeyPress): boolean {
  return char("q", "?", "D", "p", "P")(p) || p.key.ctrl;
}

// ---- the position form ---------------------------------------------------------------------

/** The form's keys at each step, ranked; form-state.ts and form-flow.ts do what they say. */
export const FORM_HINTS: Record<"edit" | "preview" | "sending", readonly Hint[]> = {
  edit: ranked(["Enter preview", 1], ["Tab field", 2], ["←/→ move", 4], ["↑/↓ ±1", 3], ["PgUp/PgDn ±10", 5], ["Esc cancel", 1]),
  preview: ranked(["Enter submit (y on mainnet)", 1], ["Esc cancel", 1]),
  sending: ranked(["sending… keys are ignored until the service answers", 1]),
};

function ranked(...pairs: [string, number][]): Hint[] {
  return pairs.map(([text, rank]) => ({ text, rank }));
}

// ---- help and hints from the tables ---------------------------------------------------------

/** The help overlay's rows: bindings that name their keys (a pair such as j / k is named once). */
export function helpRows(table: readonly Binding<string>[]): (readonly [string, string])[] {
  return table.filter((b) => b.keys !== "").map((b) => [b.keys, b.does] as const);
}

/** Hints rank 5 unless their binding says otherwise. */
function hints(table: readonly Binding<string>[]): Hint[] {
  return table.flatMap((b) => (b.hint === undefined ? [] : [{ text: b.hint, rank: b.rank ?? 5 }]));
}

/**
 * The hints that fit in `width` columns, in their own order: taken by rank
 * (a rank's hints in table order) until the next one does not fit, so a
 * hint never shows while a more important one is left out, and none is cut.
 */
export function fitHints(all: readonly Hint[], width: number): string {
  const kept = new Set<Hint>();
  let used = 0;
  for (const h of [...all].sort((a, b) => a.rank - b.rank)) {
    const w = textWidth(h.text) + (kept.size > 0 ? 2 : 0);
    if (used + w > width) break;
    kept.add(h);
    used += w;
  }
  return all
    .filter((h) => kept.has(h))
    .map((h) => h.text)
    .join("  ");
}

export function binding<B extends Binding<string>>(table: readonly B[], p: KeyPress): B | undefined {
  return table.find((b) => b.matches(p));
}

/** Where the keys go now, from the top: the form, an overlay, the results view, the dashboard. */
export interface FooterContext extends HintContext {
  form: keyof typeof FORM_HINTS | undefined;
  overlay: Overlay | null;
  /** The results view: undefined when closed, true on one game's detail. */
  resultsDetail: boolean | undefined;
  /** The book's keys are on (b). */
  bookOpen?: boolean;
}

/** The footer's hints for whatever takes the keys now. */
export function footerHints(c: FooterContext): readonly Hint[] {
  if (c.form !== undefined) return FORM_HINTS[c.form];
  if (c.overlay !== null) return overlayHints(c.overlay);
  if (c.resultsDetail !== undefined) return resultsHints(c.resultsDetail);
  if (c.bookOpen) return hints([...BOOK_KEYS, dashboardBinding("quit")]);
  return dashboardHints(c);
}
