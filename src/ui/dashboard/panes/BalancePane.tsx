import { memo } from "react";
import {
  formatMoney,
  formatMoneyChange,
  formatMoneyChangeAt,
  formatPercent,
  inCurrency,
  shortGid,
  UNREADABLE_MARK,
} from "../../../domain/format.js";
import type { Decimal } from "../../../domain/money.js";
import type { ClosedNow, SessionMoney } from "../../../domain/money-line.js";
import type { GameOutcome, LastGameCard } from "../../../domain/results.js";
import { type Balance, readOr } from "../../../domain/service-data.js";
import { AgeBadge, type Freshness } from "../../age.js";
import { Line } from "../../Line.js";
import { bodyLines, innerWidth, Pane, type PaneFrame } from "../../Pane.js";
import type { Tone } from "../../palettes.js";
import { fitGroups, type Piece, piecesWidth, span } from "../../spans.js";
import { glyphs, signTone, useTheme } from "../../theme.js";

/**
 * "Am I up?" as the screen says it (domain/money-line.ts): the focused
 * game's projected net if it closed now, and the session's settled net
 * plus the open games' projection. `closedNow` is undefined while the
 * game's positions are not read, "none" when none is held, null while a
 * projection is missing.
 */
export interface Money {
  closedNow: ClosedNow | null | "none" | undefined;
  session: SessionMoney;
  /** The focused game's /status is past its refresh: its projections, in both figures, are marked STALE. */
  stale: boolean;
}

export interface BalancePaneProps extends PaneFrame, Freshness {
  /** A settlement or a placement since its read has put the balance behind (balanceOutdated): drawn dim until read again. */
  outdated: boolean;
  currency: string;
  network: string;
  balance: Balance | undefined;
  money: Money;
  /** The last game of the user's that settled: shown until the next one does. */
  last: LastGameCard | undefined;
}

const OUTCOME_TONE: Record<GameOutcome, Tone> = { won: "up", lost: "down", even: "dim", cancelled: "warn", unknown: "dim" };

/** The balance, then what the money line says, a line each; under them the LAST GAME card, as many of its lines as fit. */
export const BalancePane = memo(function BalancePane(p: BalancePaneProps) {
  const withdrawal = p.balance ? readOr(p.balance.withdrawal_req, UNREADABLE_MARK) : undefined;
  const lines = bodyLines(p);
  const width = innerWidth(p);
  // A pending withdrawal is worth a line, "none" is not; the session's split needs the roomy pane.
  const split = lines >= 5;
  const room = lines - 3 - (split ? 1 : 0) - (withdrawal === undefined || withdrawal === "none" ? 0 : 1);
  return (
    <Pane
      title={`BALANCE ${p.network}`}
      width={p.width}
      height={p.height}
      focused={p.focused}
      framed={p.framed}
      right={<AgeBadge at={p.at} stale={p.stale} error={p.error} />}
    >
      {p.balance ? (
        <Line>
          {[
            span(`${p.currency} `, { tone: "dim" }),
            span(formatMoney(p.balance.balance), { bold: !p.outdated, tone: p.stale || p.outdated ? "dim" : undefined }),
          ]}
        </Line>
      ) : (
        <Line tone={p.error ? "bad" : "dim"}>{p.error ?? "loading…"}</Line>
      )}
      <Line>{closedNowPieces(p.money, p.currency, "if closed now ")}</Line>
      <Line>{sessionPieces(p.money, p.currency, "none")}</Line>
      {split ? <Line tone="dim">{sessionSplit(p.money.session)}</Line> : null}
      {withdrawal !== undefined && withdrawal !== "none" ? <Line tone="warn">{`withdrawal ${withdrawal}`}</Line> : null}
      {p.last ? <LastGame card={p.last} lines={room} width={width} /> : null}
    </Pane>
  );
});

/** "if closed now +0.12 USDC (+2.40%)", or what is not known yet. */
export function closedNowPieces(money: Money, currency: string, label: string, pct = true): Piece[] {
  const c = money.closedNow;
  if (c === undefined) return [label, span("…", { tone: "dim" })];
  if (c === "none") return [span(`${label}– (nothing held in this game)`, { tone: "dim" })];
  if (c === null) return [label, span("projection pending", { tone: "dim" })];
  const tone = money.stale ? "dim" : signTone(c.net.cmp(0));
  return [
    label,
    span(inCurrency(formatMoneyChangeAt(c.net, c.places), currency), { bold: !money.stale, tone }),
    pct && c.pct ? span(` (${formatPercent(c.pct)})`, { tone }) : null,
    money.stale && STALE_MARK,
  ];
}

/**
 * How much of the session's parts goes beside its net: "split" the two, "(settled +3.11 · open proj. −0.23)";
 * "settled" the settled part while the net is not known yet; "none" (a line of their own shows them).
 */
export type SessionDetail = "split" | "settled" | "none";

/**
 * "session proj. net +2.88 USDC": settled and open together, with `detail` beside it. STALE with the focused
 * game's projection when that is part of it.
 */
export function sessionPieces(money: Money, currency: string, detail: SessionDetail): Piece[] {
  const m = money.session;
  const label = sessionLabel(m);
  const split = detail === "split";
  // Not known until every game held is read (a 10 s game's first second or so), but what has settled is.
  if (m.total === undefined) {
    const known = detail === "none" || m.settled.isZero() ? undefined : split ? sessionSplit(m) : `settled ${formatMoneyChange(m.settled)}`;
    return [label, span("…", { tone: "dim" }), known !== undefined && span(` (${known})`, { tone: "dim" })];
  }
  if (m.total === null)
    // "session proj. net pending": the label already says it is a projection.
    return [label, span("pending", { tone: "dim" }), split ? span(` (${sessionSplit(m)})`, { tone: "dim" }) : null];
  const open = typeof money.closedNow === "object" && money.closedNow !== null ? money.closedNow : undefined;
  const stale = money.stale && open !== undefined;
  // With the focused game's projection in it, at that game's decimals: beside "if closed now -0.030710" the same
  // figure never reads "-0.03071".
  const total = open === undefined ? formatMoneyChange(m.total) : formatMoneyChangeAt(m.total, open.places);
  return [
    label,
    span(inCurrency(total, currency), { bold: !stale, tone: stale ? "dim" : signTone(m.total.cmp(0)) }),
    split ? span(` (${sessionSplit(m)})`, { tone: "dim" }) : null,
    stale && STALE_MARK,
  ];
}

const STALE_MARK = span(" STALE", { tone: "warn", bold: true });

/**
 * "session net" while the figure is the settled net alone, the results view's; "session proj. net" once an open
 * game's projection is in it (or pending), as every projected figure says.
 */
function sessionLabel(m: SessionMoney): string {
  return m.open === null || (m.open !== undefined && !m.open.isZero()) ? "session proj. net " : "session net ";
}

/** "settled +3.11 · open proj. −0.23": the results view's figure, and the open games' projection. */
function sessionSplit(m: SessionMoney): string {
  return `settled ${formatMoneyChange(m.settled)} · open proj. ${m.open === null || m.open === undefined ? "…" : formatMoneyChange(m.open)}`;
}

/**
 * The money in one line (the sections and lines layouts): as much of the
 * balance, "if closed now" and the session as fits, whole. A balance that
 * could not be read says so first; a stale one is marked.
 */
export function MoneyLine(p: {
  balance: Decimal | undefined;
  error: string | undefined;
  stale: boolean;
  outdated: boolean;
  money: Money;
  currency: string;
  width: number;
}) {
  if (p.balance === undefined && p.error !== undefined) {
    return <Line>{[span(p.error, { tone: "bad" })]}</Line>;
  }
  const balance: Piece[] =
    p.balance === undefined
      ? [span("balance loading…", { tone: "dim" })]
      : [
          span(`${p.currency} `, { tone: "dim" }),
          span(formatMoney(p.balance), { bold: !p.stale && !p.outdated, tone: p.stale || p.outdated ? "dim" : undefined }),
          p.stale && span(" STALE", { tone: "warn", bold: true }),
        ];
  const closed = (currency: string, pct = true) => ["  ", ...closedNowPieces(p.money, currency, "if closed now ", pct)];
  const session = (detail: SessionDetail) => ["  ", ...sessionPieces(p.money, "", detail)];
  // The roomiest wording that fits whole, under shorter labels as it narrows. The settled part beside a session net
  // not known yet goes before anything else does: the line keeps its shape.
  const variants: Piece[][][] = [
    [balance, closed(p.currency), ["  ", ...sessionPieces(p.money, p.currency, "split")]],
    [balance, closed(""), session("settled")],
    [balance, closed(""), session("none")],
    // Then without the share: the balance is worth more than the percent the positions table gives beside it.
    [balance, closed("", false), session("none")],
    // Then "if closed now" goes first: it is the focused game's projected net, the positions table's total row. The
    // balance, read from the service, and the session's net are said nowhere else in the narrow layouts.
    [balance, session("none"), closed("", false)],
  ];
  const fits = variants.find((v) => piecesWidth(v.flat()) <= p.width) ?? variants.at(-1)!;
  return <Line>{fitGroups(fits, p.width)}</Line>;
}

/**
 * "LAST #…894101 LOST -24.70 USDC" / "staked 25.10 · paid 0.40" /
 * "close 63,770.12 · @63,769 +1.12": the outcome first, so one line is
 * enough to know it.
 */
function LastGame({ card, lines, width }: { card: LastGameCard; lines: number; width: number }) {
  const theme = useTheme();
  const sep = ` ${glyphs(theme).sep} `;
  const tone = OUTCOME_TONE[card.outcome];
  if (lines < 1) return null;
  const id = span(`#${shortGid(card.gid, theme.ascii)} `, { tone: "dim" });
  // A narrow pane drops the id before the outcome and the amount.
  const head = [
    span("LAST ", { bold: true }),
    id,
    span(card.word, { bold: true, tone, inverse: !theme.color }),
    span(` ${inCurrency(card.net, card.currency)}`, { bold: true, tone }),
  ];
  return (
    <>
      <Line>
        {fitGroups(
          (piecesWidth(head) <= width ? head : head.filter((piece) => piece !== id)).map((piece) => [piece]),
          width,
        )}
      </Line>
      {lines >= 2 ? <Line tone="dim">{`staked ${card.staked}${sep}paid ${card.paid}`}</Line> : null}
      {lines >= 3 ? (
        <Line tone="dim">{`close ${card.close}${card.best ? `${sep}${card.best.strike} ${card.best.distance}` : ""}`}</Line>
      ) : null}
    </>
  );
}
