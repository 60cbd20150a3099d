/**
 * The position form's preview line: what will be sent and the key that
 * sends it, worded to fit the form's width. A narrow pane loses, in turn,
 * "Esc cancels" (the footer has it), the game's id to its last digits
 * (the PLACE row above, or the game pane, names it), the id, the time to the close
 * (the game pane counts it down), the labels and "testnet" (the header
 * names it); never the price, the stake, the key, MAINNET or how far a
 * price far from the live one is from it (shortened to "42% below live"
 * before the labels go). The price and
 * the stake are shown with every digit that will be sent: a stake of
 * 0.123456 is not previewed as 0.12. A preview whose game has closed says
 * so and that Enter edits, in place of the key that sends.
 */
import { formatCountdown, formatMoneyExact, formatPriceExact, shortGid } from "../../domain/format.js";
import { Decimal } from "../../domain/money.js";
import { farFromPrice } from "../../domain/placement.js";
import { type Piece, piecesWidth, span } from "../spans.js";
import type { Order } from "./form-flow.js";

export interface PreviewLineInput {
  order: Order;
  network: string;
  currency: string;
  /** ms until the live game closes. */
  toClose: number;
  /** Why the order can no longer be sent (form-flow.ts previewLapsed); Enter then goes back to editing. */
  lapsed: string | undefined;
  /** The live price, to say how far a price far from it is (farFromPrice). */
  livePrice?: Decimal | undefined;
  ascii: boolean;
}

type Id = "whole" | "short" | "none";

interface Wording {
  id: Id;
  labels: boolean;
  closes: boolean;
  esc: boolean;
  /** The mainnet warning in full ("MAINNET — REAL FUNDS: press y to submit") or short. */
  fullWarning: boolean;
  /** Testnet named before the key ("testnet: Enter to submit"); the header names it too. MAINNET is never left out. */
  testnet: boolean;
  /** A price far from the live one: "42% below the live price", or "42% below live". */
  farLong: boolean;
}

/** From the roomiest to the tightest; the first that fits is shown. */
const WORDINGS: readonly Wording[] = [
  { id: "whole", labels: true, closes: true, esc: true, fullWarning: true, testnet: true, farLong: true },
  { id: "whole", labels: true, closes: true, esc: false, fullWarning: true, testnet: true, farLong: true },
  { id: "short", labels: true, closes: true, esc: false, fullWarning: true, testnet: true, farLong: true },
  { id: "none", labels: true, closes: true, esc: false, fullWarning: true, testnet: true, farLong: true },
  { id: "none", labels: true, closes: false, esc: false, fullWarning: true, testnet: true, farLong: true },
  { id: "none", labels: true, closes: false, esc: false, fullWarning: true, testnet: true, farLong: false },
  { id: "none", labels: true, closes: false, esc: false, fullWarning: false, testnet: true, farLong: false },
  { id: "none", labels: false, closes: false, esc: false, fullWarning: false, testnet: true, farLong: false },
  { id: "none", labels: false, closes: false, esc: false, fullWarning: false, testnet: false, farLong: false },
];

export function previewLine(p: PreviewLineInput, width: number): Piece[] {
  for (const w of WORDINGS) {
    const pieces = worded(p, w);
    if (piecesWidth(pieces) <= width) return pieces;
  }
  return worded(p, WORDINGS.at(-1)!);
}

function worded(p: PreviewLineInput, w: Wording): Piece[] {
  const sep = ` ${p.ascii ? "|" : "│"} `;
  const id = w.id === "whole" ? `#${p.order.gid}${sep}` : w.id === "short" ? `#${shortGid(p.order.gid, p.ascii)}${sep}` : "";
  const price = `${w.labels ? "price " : ""}${formatPriceExact(p.order.sp)}`;
  const stake = `${w.labels ? "stake " : ""}${formatMoneyExact(p.order.f)} ${p.currency}`;
  const order = span(`${id}${price}${sep}${stake}${sep}`, { bold: true });
  if (p.lapsed !== undefined) return [order, span(`${p.lapsed}: Enter to edit`, { tone: "warn" })];
  const far = farFromPrice(new Decimal(p.order.sp), p.livePrice, !w.farLong);
  const warning = far !== undefined && span(`${far}${sep}`, { tone: "warn", bold: true });
  const key =
    p.network === "mainnet"
      ? span(w.fullWarning ? "MAINNET — REAL FUNDS: press y to submit" : "MAINNET: y to submit", {
          tone: "mainnet",
          bold: true,
          inverse: true,
        })
      : span(w.testnet ? `${p.network}: Enter to submit` : "Enter to submit");
  const after = [w.closes && `${sep}closes in ${formatCountdown(p.toClose)}`, w.esc && `${sep}Esc cancels`].filter(Boolean).join("");
  return [order, warning, key, after !== "" && span(after, { tone: "dim" })];
}
