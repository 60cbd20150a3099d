/**
 * What the alert form's values say: the rule they make (a RuleSpec for
 * makeRule), the one line that says exactly when it will fire, or the
 * problem that keeps it from being saved. Pure: the live price and the
 * focused market come in with the context.
 */

import { CLOSING_MAX_SECONDS, type RuleSpec } from "../../../alerts/rules.js";
import { formatInterval, formatPrice, formatPriceExact } from "../../../domain/format.js";
import type { Decimal } from "../../../domain/money.js";
import { parseDecimal } from "../../../domain/money.js";
import { farFromPrice, tooManyDigits } from "../../../domain/placement.js";
import { MAX_AMOUNT } from "../../../domain/rules.js";
import { type AlertFormState, valueField } from "./alert-form-state.js";

export interface AlertFormContext {
  /** The focused asset: the one a price rule watches. */
  asset: string;
  /** The focused game's interval, s: its predictions are open this long. */
  interval: number;
  /** The live price, when known. */
  price: Decimal | undefined;
}

export type AlertFormCheck = { ok: true; spec: RuleSpec; preview: string; tone: "good" | "warn" } | { ok: false; problem: string };

export function checkAlertForm(s: AlertFormState, c: AlertFormContext): AlertFormCheck {
  return s.kind === "closing" ? checkClosing(s, c) : checkPrice(s, c);
}

function checkPrice(s: AlertFormState, c: AlertFormContext): AlertFormCheck {
  const text = valueField(s).text;
  if (text === "") return { ok: false, problem: "type the price level" };
  const level = parseDecimal(text);
  if (level === null) return { ok: false, problem: `"${text}" is not a price: digits and one point, like 75000 or 75000.5` };
  if (level.lte(0)) return { ok: false, problem: "the price level must be above 0" };
  // As the position form says of a price (checkPlacement): a paste or a key held down, not a level.
  if (level.gte(MAX_AMOUNT)) return { ok: false, problem: tooManyDigits("a level", "price") };
  const above = s.kind === "above";
  const spec: RuleSpec = { kind: "price", asset: c.asset, direction: above ? "above" : "below", level, repeat: s.repeat };
  const how = s.repeat ? "every time it crosses" : "once";
  const at = formatPriceExact(level);
  if (c.price === undefined) {
    return {
      ok: true,
      spec,
      tone: "good",
      preview: `fires when ${c.asset} ${above ? "rises above" : "falls below"} ${at} (no live price yet), ${how}`,
    };
  }
  const now = formatPrice(c.price);
  // A digit too many or too few is said, as the position form says it (farFromPrice); the level is still the trader's.
  const far = farFromPrice(level, c.price, true);
  const already = above ? c.price.gte(level) : c.price.lte(level);
  if (already) {
    const side = `already ${above ? "above" : "below"}${far === undefined ? "" : ` ${at} (${far})`}`;
    const preview = `now ${now}, ${side}: fires at the next crossing ${above ? "up" : "down"}, ${how}`;
    return { ok: true, spec, tone: "warn", preview };
  }
  return {
    ok: true,
    spec,
    tone: far === undefined ? "good" : "warn",
    preview: `fires when ${c.asset} ${above ? "rises above" : "falls below"} ${at}${far === undefined ? "" : `, ${far}`} — now ${now}, ${how}`,
  };
}

function checkClosing(s: AlertFormState, c: AlertFormContext): AlertFormCheck {
  const text = valueField(s).text;
  if (text === "") return { ok: false, problem: "type the seconds before the close" };
  // The price's reading of a number, so "3,600" is an hour here as 69,000 is a level there.
  const read = parseDecimal(text);
  if (read === null || !read.isInteger() || read.isNegative())
    return { ok: false, problem: `"${text}" is not whole seconds: 1 to ${CLOSING_MAX_SECONDS}` };
  const seconds = read.toNumber();
  if (seconds < 1 || seconds > CLOSING_MAX_SECONDS)
    return { ok: false, problem: `the seconds must be 1 to ${CLOSING_MAX_SECONDS} (a day); ${text} is not` };
  const spec: RuleSpec = { kind: "closing", seconds, onlyUnheld: s.onlyUnheld };
  const market = `${c.asset} ${formatInterval(c.interval)}`;
  const unheld = s.onlyUnheld ? " while you hold nothing" : "";
  if (seconds >= c.interval) {
    const preview = `fires as each game starts${unheld}: ${market} games take predictions for ${c.interval} s only`;
    return { ok: true, spec, tone: "warn", preview };
  }
  return {
    ok: true,
    spec,
    tone: "good",
    preview: `fires ${seconds} s before predictions close${unheld} in each game shown (now ${market})`,
  };
}
