/**
 * The strategy line's words, as pure data: the name and its state, this
 * game's positions placed of planned, the session's staked against its
 * limit, the net, what was paid, the day's staked against its limit, and
 * last what it does next and when. Fitted to the width the most important
 * first: the name, the state, the game, the session and the net, then the
 * next action (cut with "…"), then the rest where it leaves room; where
 * even the first five do not fit in full they are said in short. Why it
 * stopped is said shorter before any of the five gives way to it.
 */
import { formatCountdown, formatMoneyChangeExact, formatMoneyExact, shortGid } from "../../domain/format.js";
import type { Decimal } from "../../domain/money.js";
import type { RunState, StrategyView } from "../../strategy/runner.js";
import type { StrategyLimits } from "../../strategy/strategy.js";
import type { Tone } from "../palettes.js";
import { cutAtWord, fitGroups, type Piece, piecesWidth, span, textWidth } from "../spans.js";
import type { ConfirmState } from "./confirm/confirm-state.js";

export interface StrategyLineInput {
  view: StrategyView;
  limits?: StrategyLimits | undefined;
  currency: string;
  /** Server ms: the next action's countdown. */
  now: number;
  width: number;
  ascii: boolean;
  /** The key that arms and pauses it, as bound ("S"). */
  armKey: string;
  /** The live game the screen shows. */
  liveGid?: string | undefined;
}

const STATE_WORDS: Readonly<Record<RunState, { text: string; tone: Tone }>> = {
  armed: { text: "ARMED", tone: "warn" },
  paper: { text: "PAPER", tone: "accent" },
  paused: { text: "PAUSED", tone: "dim" },
  stopped: { text: "STOPPED", tone: "down" },
};

/** Room the next action keeps to be shown at all, cut: less says too little. */
const NEXT_MIN = 12;
/** Room the next action keeps before the figures that matter less (paid, the day, the losing run) get any. */
const NEXT_ROOM = 40;

export function strategyLinePieces(i: StrategyLineInput): Piece[] {
  // The name, the state, the game, the session and the net in full where they fit, else in short. Stopped, why comes
  // first: said in full, or its first part, in either; where neither fits with the figures, why before the figures.
  const both = [groupsOf(i, false), groupsOf(i, true)];
  const fits = ([g, h]: [Groups, Piece[]]) => piecesWidth(h) + piecesWidth(g.core.flat()) <= i.width;
  const withWhy = both.flatMap((g) => g.heads.slice(0, -1).map((h): [Groups, Piece[]] => [g, h]));
  const without = both.map((g): [Groups, Piece[]] => [g, g.heads.at(-1)!]);
  // Why is what the trader must read first (the figures do not say it of a losing run): short, and the figures
  // only where it leaves them room.
  const short = both[1]!;
  const whyAlone = short.heads.slice(0, -1).find((h) => piecesWidth(h) <= i.width);
  const [g, head] =
    withWhy.find(fits) ?? (whyAlone && [{ ...short, more: [], next: [] }, whyAlone]) ?? without.find(fits) ?? without.at(-1)!;
  const core = fitGroups(g.core, i.width - piecesWidth(head));
  let used = piecesWidth(head) + piecesWidth(core);
  const more = fitGroups(g.more, i.width - used - Math.min(NEXT_ROOM, piecesWidth(g.next)));
  used += piecesWidth(more);
  // The next action last, cut to what is left: the Line ends it with "…".
  return [...head, ...core, ...more, ...(i.width - used >= NEXT_MIN ? g.next : [])];
}

interface Groups {
  /** The name and state, longest first: stopped, with why in full, its first part (before ": "), cut, then without. */
  heads: Piece[][];
  /** The game, the session, the net: in this order of importance. */
  core: Piece[][];
  /** What was paid, the day, the losing run: where the next action leaves room. */
  more: Piece[][];
  next: Piece[];
}

function groupsOf(i: StrategyLineInput, short: boolean): Groups {
  const { view: v, limits } = i;
  const sep = i.ascii ? " | " : " · ";
  const s = v.spend;
  const money = (d: Decimal) => formatMoneyExact(d);
  const state = STATE_WORDS[v.state];
  const reason = v.stopReason ?? "stopped";
  // Why in full, its first part, or cut after a whole word to what the name and the state leave.
  const cut = cutAtWord(reason, i.width - textWidth(`${short ? "" : "STRATEGY "}${v.name} ${state.text}: `));
  const whys = v.state === "stopped" ? [...new Set([`: ${reason}`, `: ${reason.split(": ")[0]}`, `: ${cut}`, ""])] : [""];
  const head = (reason: string): Piece[] => [
    !short && span("STRATEGY ", { bold: true }),
    span(v.name, { bold: true }),
    " ",
    span(`${state.text}${reason}`, { tone: state.tone, bold: v.state !== "paused" }),
  ];
  // Paused or stopped, the count of a game it played is said while that game is the live one only: later it would
  // read as this game's. Armed, it is the game it plays (the live one, or the next).
  const idle = v.state === "paused" || v.state === "stopped";
  const game = v.game !== undefined && (!idle || i.liveGid === undefined || v.game.gid === i.liveGid) ? v.game : undefined;
  const session = limits?.maxStakePerSession;
  const day = limits?.maxStakePerDay;
  const loss = limits?.stopAfterNetLoss;
  const of = short ? "/" : " of ";
  const core: (Piece[] | undefined)[] = [
    game && [sep, short ? `${game.placed}/${game.planned}` : `#${shortGid(game.gid, i.ascii)} ${game.placed}/${game.planned}`],
    [sep, `session ${money(s.sessionStaked)}${session ? `${of}${money(session)}` : ""}${short ? "" : ` ${i.currency}`}`.trimEnd()],
    [
      sep,
      "net ",
      span(formatMoneyChangeExact(s.net), { tone: s.net.lt(0) ? "down" : s.net.gt(0) ? "up" : undefined }),
      !short && loss !== undefined && ` (stops at -${money(loss)})`,
    ],
  ];
  const more: (Piece[] | undefined)[] = [
    [sep, `paid ${money(s.paid)}`],
    day && [sep, `day ${money(s.dayStaked)}${of}${money(day)}`],
    limits?.stopAfterLosingGames !== undefined && s.losingStreak > 0
      ? [sep, `lost ${s.losingStreak} in a row (stops at ${limits.stopAfterLosingGames})`]
      : undefined,
  ];
  const given = (groups: (Piece[] | undefined)[]) => groups.filter((f) => f !== undefined);
  return { heads: whys.map(head), core: given(core), more: given(more), next: [sep, nextWords(i)] };
}

/** What it does next and when; paused or stopped, the key that arms it. */
function nextWords(i: StrategyLineInput): string {
  const { view: v } = i;
  if (v.state === "paused") return `${i.armKey} arms it`;
  if (v.state === "stopped") return `${i.armKey} arms it again`;
  if (v.next === undefined) return v.last ? `${v.last.action}: ${v.last.reason}` : "deciding…";
  const { until } = v.next;
  // The games' ids as the panes write them: "#…505400".
  const reason = v.next.reason.replace(/#(\d+)/g, (_, gid: string) => `#${shortGid(gid, i.ascii)}`);
  // Most reasons carry their own countdown ("opens in 0:06"); the others get one from `until`.
  const when = until !== undefined && !/\d:\d\d/.test(reason) ? ` (in ${formatCountdown(until - i.now)})` : "";
  return `next: ${reason}${when}`;
}

/**
 * The prompt that arms it on mainnet, in the line's place:
 * `arm "ten" on MAINNET: type its name and Enter [te      ]  Esc cancels`;
 * where that does not fit, `MAINNET: type "ten" to arm [te      ]` (the
 * footer names the keys). A note of the last Enter in place of the rest.
 */
export function confirmPromptPieces(c: ConfirmState, keys: { arm: string; cancel: string }, ascii: boolean, width = Infinity): Piece[] {
  const field = span(`[${c.text.padEnd(Math.max(8, Array.from(c.name).length + 2))}]`, { tone: "accent" });
  const mainnet = span("MAINNET", { bold: true, tone: "mainnet" });
  const after = c.note ? span(`  ${ascii ? "x" : "✗"} ${c.note}`, { tone: "bad" }) : span(`  ${keys.cancel} cancels`, { tone: "dim" });
  const full: Piece[] = [`arm "${c.name}" on `, mainnet, `: type its name and ${keys.arm} `, field, after];
  if (piecesWidth(full) <= width) return full;
  return [mainnet, `: type "${c.name}" to arm `, field, c.note ? after : undefined];
}
