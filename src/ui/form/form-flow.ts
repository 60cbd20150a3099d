/**
 * The form's steps as pure functions: edit → preview → (confirm) sending →
 * done, what each key does at each step, what the service's answer turns
 * the form into, and the form's values checked against the snapshot.
 */
import type { Key } from "ink";
import { formatAge, formatStake, shortGid, strikeLabel } from "../../domain/format.js";
import { takesOrderFor } from "../../domain/game.js";
import { Decimal, parseDecimal, toWire } from "../../domain/money.js";
import { checkPlacement, freeStrike, type PlacementCheck } from "../../domain/placement.js";
import { heldPositions } from "../../domain/positions.js";
import { minStake } from "../../domain/rules.js";
import type { PlacementOutcome, Snapshot } from "../../poller/snapshot.js";
import { staleAge } from "../age.js";
import { binding } from "../keymap.js";
import { editKey, type FormState, openForm } from "./form-state.js";
import { FORM_KEYS, type FormBinding, formBindings } from "./keys.js";

export type Order = NonNullable<FormState["order"]>;

/** The user's positions in the live game that count against the cap and the duplicate rule. */
function heldNow(s: Snapshot) {
  return heldPositions(s.listing?.value.liveGame?.gid, [...(s.status?.value.positions ?? []), ...s.placed]);
}

/**
 * A form opened at server time `now`: at the live price's nearest free whole strike (freeStrike) and the
 * stake given. Without a price read, or with one past its refresh (an asset switched back to after a while,
 * whose last price is the book's), the price is left empty and a note says why: a strike from where the price
 * was is not one to send with two Enters.
 */
export function formAt(s: Snapshot, stake: string, now: number): FormState {
  const f = parseDecimal(stake);
  if (!priceToPrefill(s, now)) {
    const old = staleAge(s.price, "price", now);
    const why = old === undefined ? "no price read yet" : `the last price is ${formatAge(old)} old`;
    // Empty, and prefilled once a price is read (formForNextGame) unless the trader types first.
    const form = openForm("", stake);
    return { ...form, price: { ...form.price, prefilled: true }, note: { text: `${why}: type a price, or wait for one`, tone: "warn" } };
  }
  return openForm(f === null ? "" : toWire(freeStrike(s.price!.value.value, f, heldNow(s))), stake);
}

/** A price read and within its refresh, to prefill the form's price from (formAt). */
export function priceToPrefill(s: Snapshot, now: number): boolean {
  return s.price !== undefined && staleAge(s.price, "price", now) === undefined;
}

/**
 * The form kept open into the next game (a 10 s game's form outlives it), or open when the first price is read:
 * a prefilled price not yet touched was the last game's guess, or is still to come, so it is set from the live
 * price. One the trader edited stays theirs, and a preview is of the values it shows. A note said while another
 * game was live (a preview that lapsed), or of the price missing, goes.
 */
export function formForNextGame(form: FormState, s: Snapshot, now: number): FormState {
  if (form.step !== "edit") return form;
  const over = form.note?.gid !== undefined && form.note.gid !== s.listing?.value.liveGame?.gid;
  const kept = over ? { ...form, note: undefined } : form;
  if (!form.price.prefilled) return kept;
  const price = formAt(s, form.stake.text, now).price;
  if (price.text === "" || price.text === form.price.text) return kept;
  return form.price.text === "" ? { ...kept, price, note: undefined } : { ...kept, price };
}

/** The form's price and stake checked against the rules, the live game, the balance and what is held. */
export function checkForm(form: FormState, s: Snapshot, now: number): PlacementCheck {
  const held = heldNow(s);
  return checkPlacement(form.price.text, form.stake.text, {
    interval: s.target.interval,
    listing: s.listing?.value,
    now,
    balance: s.balance?.value.balance,
    held,
  });
}

/** Straight to the preview when the values pass and nothing blocks placing; the form as it was otherwise. */
export function toPreview(form: FormState, check: PlacementCheck, blocked: boolean): FormState {
  return check.ok && !blocked ? { ...form, step: "preview", order: orderOf(check), note: undefined } : form;
}

export interface FormKeyContext {
  snapshot: Snapshot;
  now: number;
  /** Placing is not possible at all (no wallet address): the preview is never reached. */
  blocked: boolean;
}

/**
 * What a key does to the open form: its next state (null: closed) and what
 * must happen beyond it (`effect`: `submit` the previewed order). While
 * sending, keys do nothing: a second Enter must not send twice.
 */
export function formKey(
  form: FormState,
  input: string,
  key: Key,
  c: FormKeyContext,
  table: readonly FormBinding[] = FORM_KEYS,
): { form: FormState | null; effect?: "submit" } {
  if (form.step === "sending") return { form };
  const action = binding(formBindings(table, form.step), { input, key })?.action;
  if (action === "cancel") return { form: null };
  if (form.step === "preview") {
    const why = form.order ? previewLapsed(form.order, c.snapshot, c.now) : undefined;
    // Never sent; only the send key acts on it, so no key both leaves this preview and sends another (a repeated y on mainnet).
    if (why !== undefined && form.order)
      return action === "send" ? { form: backToEdit(form, form.order, why, c.snapshot.listing?.value.liveGame?.gid) } : { form };
    // Mainnet spends real money: only an explicit confirmation (y) sends there.
    const mainnet = c.snapshot.target.network === "mainnet";
    const confirmed = form.order !== undefined && ((action === "send" && !mainnet) || (action === "confirm" && mainnet));
    return confirmed ? { form, effect: "submit" } : { form };
  }
  // The last answer's note lasts until the next edit or submit: a submit the check stops shows the check's problems.
  if (action === "submit") return { form: toPreview({ ...form, note: undefined }, checkForm(form, c.snapshot, c.now), c.blocked) };
  return { form: editKey(form, input, key, { price: new Decimal(1), stake: minStake(c.snapshot.target.interval) }, table) };
}

/**
 * Why the previewed order can no longer be sent, in a word or two, or
 * undefined while its game takes positions. On 10 s games a preview often
 * outlives its game: the lock passes, or the next game is live, while the
 * trader reads it; sent, it would only be refused.
 */
export function previewLapsed(order: Order, s: Snapshot, now: number): string | undefined {
  const listing = s.listing?.value;
  const live = listing?.liveGame;
  if (!takesOrderFor(live, order.gid, now)) return "closed";
  return listing?.can_place_position === false ? "not accepting positions now" : undefined;
}

/**
 * What the send key makes of a preview whose game stopped taking positions
 * (`why`, previewLapsed): the form back to editing, with the same values and
 * a note that it was not sent. Never a preview for another game at once:
 * the screen the key was pressed on may be a second old, and the values
 * (the price above all) were chosen for the game that closed.
 */
export function backToEdit(form: FormState, order: Order, why: string, liveGid: string | undefined): FormState {
  return {
    ...form,
    step: "edit",
    order: undefined,
    // The panes' short id, and few words: the whole note fits a 60-column pane.
    note: { tone: "warn", text: `#${shortGid(order.gid)} ${why}, not sent: Enter previews the live game`, gid: liveGid ?? order.gid },
  };
}

/**
 * What the service's answer does to the form: a success closes it (the
 * chart gets its rows back) and is said in the footer; a refusal keeps the
 * values and says why in the form, and forgets the refused order: the next
 * preview is for the game live then, and the form must not go on naming
 * this one (on 10 s games the next is often live by the answer).
 */
export function afterOutcome(f: FormState, outcome: PlacementOutcome, placeKey = "p"): { form: FormState | null; said?: string } {
  switch (outcome.kind) {
    case "placed":
      return { form: null, said: placedNote(f, outcome.position.txid, "", placeKey) };
    case "reconciled":
      return outcome.placed
        ? { form: null, said: placedNote(f, outcome.txid ?? "?", " (confirmed by /status after no answer)", placeKey) }
        : {
            form: {
              ...f,
              step: "edit",
              order: undefined,
              note: { tone: "bad", text: `not placed (confirmed by /status after: ${outcome.error.message}) — you can place again` },
            },
          };
    case "rejected":
      return { form: { ...f, step: "edit", order: undefined, note: { tone: "bad", text: withoutCall(outcome.error.message) } } };
  }
}

/** A refusal as the form says it: the form is the POST, so the call's name would only push the reason out of a narrow pane. */
function withoutCall(message: string): string {
  return message.replace(/^POST \/spot: /, "");
}

/** "placed ✓ @67,100 stake 2.50 txid 95c7bbf3 — p places another": the strike and the stake as the panes draw them. */
function placedNote(f: FormState, txid: string, how: string, placeKey: string): string {
  const order = f.order;
  // The stake as the positions table writes it ("0.10", not the typed "0.1").
  const what = order ? ` ${strikeLabel(order.sp)} stake ${formatStake(order.f)}` : "";
  // The txid's first part is enough to find it in the results; the footer keeps "p places another" in sight.
  return `placed ✓${what}${how} txid ${txid.slice(0, 8)} — ${placeKey} places another`;
}

function orderOf(check: Order): Order {
  return { gid: check.gid, sp: check.sp, f: check.f };
}
