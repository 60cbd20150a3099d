/**
 * The results view's title line: what is shown (the network, and the filters
 * or the game) on the left, where the page stands on the right. A narrow pane
 * gives up whole parts, in turn: the count of games, the asset filter, the
 * interval filter, the count of pages, then shows the game's id short
 * (`…482411`). The network, the game, the page and the page's age stay; a
 * game's positions show no page, only the age of the page they came from.
 * Pure.
 */
import { formatInterval, plural, shortGid, UNREADABLE_MARK } from "../../domain/format.js";
import { type Piece, piecesWidth, textWidth } from "../spans.js";

export interface TitleFacts {
  network: string;
  interval: number | undefined;
  asset: string | undefined;
  /** The game whose positions are shown; undefined in the list. */
  detail: string | undefined;
  page: number;
  /** null: the service does not say; undefined: not read yet. */
  pages: number | null | undefined;
  /** The games the service counts under the filters; null when it does not say, undefined before a page. */
  total: number | null | undefined;
  unreadable: boolean;
  age: Piece | undefined;
  ascii: boolean;
}

/** "interval all · asset all": the list's filters, named where the view has none shown too. */
export function filterWords(interval: number | undefined, asset: string | undefined): [string, string] {
  return [`interval ${interval === undefined ? "all" : formatInterval(interval)}`, `asset ${asset ?? "all"}`];
}

/** The parts a narrow title gives up, in the order it gives them up. */
const GIVES_UP = ["total", "asset", "interval", "pages", "gid"] as const;
type Optional = (typeof GIVES_UP)[number];

function parts(f: TitleFacts, without: ReadonlySet<Optional>): { left: string; right: Piece[] } {
  const [interval, asset] = filterWords(f.interval, f.asset);
  const filters = [!without.has("interval") && interval, !without.has("asset") && asset].filter((s) => s !== false);
  const gid = f.detail === undefined ? undefined : without.has("gid") ? shortGid(f.detail, f.ascii) : f.detail;
  const shown = gid !== undefined ? ` › #${gid}` : filters.map((s) => ` · ${s}`).join("");
  // A game's positions are one game: the list's page and count say nothing of them.
  const list = f.detail === undefined;
  const right: Piece[] = [
    list && { text: `page ${f.page}`, tone: "dim" },
    list && f.pages !== null && !without.has("pages") && { text: ` of ${f.pages ?? "?"}`, tone: "dim" },
    list && f.total !== null && f.total !== undefined && !without.has("total") && { text: ` · ${plural(f.total, "game")}`, tone: "dim" },
    f.unreadable && { text: `${list ? " · " : ""}${UNREADABLE_MARK} unreadable values (D)`, tone: "dim" },
    f.age !== undefined && (list || f.unreadable) && { text: " · ", tone: "dim" },
    f.age,
  ];
  return { left: `RESULTS ${f.network}${shown}`, right };
}

/** The fullest title whose two sides fit `room` columns (the title line less its focus mark and the gap between). */
export function resultsTitle(f: TitleFacts, room: number): { left: string; right: Piece[] } {
  const without = new Set<Optional>();
  let title = parts(f, without);
  for (const part of GIVES_UP) {
    if (textWidth(title.left) + piecesWidth(title.right) <= room) break;
    without.add(part);
    title = parts(f, without);
  }
  return title;
}
