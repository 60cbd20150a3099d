/**
 * The form's steps as pure functions: edit → preview → (confirm) sending →
 * done, what each key does at each step, what the service's answer turns
 * the form into, and the form's values checked against the snapshot.
 */
import type { Key } from "ink";
import { Decimal } from "../../domain/money.js";
import { checkPlacement, type PlacementCheck } from "../../domain/placement.js";
import { heldPositions } from "../../domain/positions.js";
import { minStake } from "../../domain/rules.js";
import type { PlacementOutcome, Snapshot } from "../../poller/snapshot.js";
import { isEscape } from "../keymap.js";
import { editKey, type FormState } from "./form-state.js";

export type Order = NonNullable<FormState["order"]>;

/** The form's price and stake checked against the rules, the live game, the balance and what is held. */
export function checkForm(form: FormState, s: Snapshot, now: number): PlacementCheck {
  const held = heldPositions(s.listing?.value.liveGame?.gid, [...(s.status?.value.positions ?? []), ...s.placed]);
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
 * must happen beyond it (`effect`: `submit` the previewed order, `reopen` a fresh
 * form). While sending, keys do nothing: a second Enter must not send twice.
 */
export function formKey(
  form: FormState,
  input: string,
  key: Key,
  c: FormKeyContext,
): { form: FormState | null; effect?: "submit" | "reopen" } {
  if (form.step === "sending") return { form };
  if (isEscape({ input, key })) return { form: null };
  if (form.step === "done") {
    if (key.return) return { form: null };
    return input === "p" ? { form, effect: "reopen" } : { form };
  }
  if (form.step === "preview") {
    // Mainnet spends real money: only an explicit y sends there.
    const mainnet = c.snapshot.target.network === "mainnet";
    const confirmed = form.order !== undefined && ((key.return && !mainnet) || (input === "y" && mainnet));
    return confirmed ? { form, effect: "submit" } : { form };
  }
  if (key.return) return { form: toPreview(form, checkForm(form, c.snapshot, c.now), c.blocked) };
  return { form: editKey(form, input, key, { price: new Decimal(1), stake: minStake(c.snapshot.target.interval) }) };
}

/** The service's answer, as the form shows it. */
export function afterOutcome(f: FormState, outcome: PlacementOutcome): FormState {
  switch (outcome.kind) {
    case "placed":
      return {
        ...f,
        step: "done",
        note: { tone: "good", text: `placed ✓ txid ${outcome.position.txid} — Enter closes, p places another` },
      };
    case "reconciled":
      return outcome.placed
        ? {
            ...f,
            step: "done",
            note: { tone: "good", text: `placed ✓ (confirmed by /status after no answer) txid ${outcome.txid ?? "?"} — Enter closes` },
          }
        : {
            ...f,
            step: "edit",
            note: { tone: "bad", text: `not placed (confirmed by /status after: ${outcome.error.message}) — you can place again` },
          };
    case "rejected":
      return { ...f, step: "edit", note: { tone: "bad", text: outcome.error.message } };
  }
}

function orderOf(check: Order): Order {
  return { gid: check.gid, sp: check.sp, f: check.f };
}
