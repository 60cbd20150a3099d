/**
 * The position form's behaviour: open with sensible values, edit, preview,
 * confirm (with an explicit y on mainnet), send through the poller and show
 * what happened. Keys that would submit again are ignored while in flight.
 */
import type { Key } from "ink";
import { useCallback, useRef, useState } from "react";
import { Decimal, toWire } from "../../domain/money.js";
import { checkPlacement, type PlacementCheck } from "../../domain/placement.js";
import { heldPositions } from "../../domain/positions.js";
import { minStake } from "../../domain/rules.js";
import type { PlaceRequest } from "../../poller/placements.js";
import type { PlacementOutcome, Snapshot } from "../../poller/snapshot.js";
import { isEscape } from "../keymap.js";
import { editKey, type FormState, openForm, pasteText } from "./form-state.js";

export interface FormController {
  store: { getSnapshot(): Snapshot };
  serverNow(): number;
  place(req: PlaceRequest): Promise<PlacementOutcome>;
}

export function placementCheck(form: FormState, s: Snapshot, now: number): PlacementCheck {
  const held = heldPositions(s.listing?.value.liveGame?.gid, [...(s.status?.value.positions ?? []), ...s.placed]);
  return checkPlacement(form.price.text, form.stake.text, {
    interval: s.target.interval,
    listing: s.listing?.value,
    now,
    balance: s.balance?.value.balance,
    held,
  });
}

export function usePositionForm(controller: FormController, blocked: string | undefined) {
  const [form, setFormState] = useState<FormState | null>(null);
  // Keys can arrive faster than React re-renders: handlers read the latest state from here, never from a stale closure.
  const current = useRef<FormState | null>(null);
  const setForm = useCallback((next: FormState | null | ((f: FormState | null) => FormState | null)) => {
    current.current = typeof next === "function" ? next(current.current) : next;
    setFormState(current.current);
  }, []);
  const lastStake = useRef<string | undefined>(undefined);
  const sending = useRef(false);

  const open = useCallback(
    (quick: boolean) => {
      const s = controller.store.getSnapshot();
      const price = s.price ? s.price.value.value.toDecimalPlaces(0).toFixed() : "";
      const opened = openForm(price, lastStake.current ?? toWire(minStake(s.target.interval)));
      const check = placementCheck(opened, s, controller.serverNow());
      setForm(quick && check.ok && !blocked ? { ...opened, step: "preview", order: orderOf(check) } : opened);
    },
    [controller, blocked, setForm],
  );

  const submit = useCallback(
    (order: { gid: string; sp: string; f: string }) => {
      if (sending.current) return;
      sending.current = true;
      setForm((f) => f && { ...f, step: "sending", note: undefined });
      void controller.place(order).then((outcome) => {
        sending.current = false;
        if (outcome.kind === "placed" || (outcome.kind === "reconciled" && outcome.placed)) lastStake.current = order.f;
        setForm((f) => f && afterOutcome(f, outcome));
      });
    },
    [controller, setForm],
  );

  /** Handles a key while the form is open; returns false when the form is closed. */
  const handleKey = useCallback(
    (input: string, key: Key): boolean => {
      const form = current.current;
      if (form === null) return false;
      const cancel = isEscape({ input, key });
      if (form.step === "sending") return true;
      if (cancel) {
        setForm(null);
        return true;
      }
      if (form.step === "done") {
        if (key.return) setForm(null);
        else if (input === "p") open(false);
        return true;
      }
      const mainnet = controller.store.getSnapshot().target.network === "mainnet";
      if (form.step === "preview") {
        if (form.order && ((key.return && !mainnet) || (input === "y" && mainnet))) submit(form.order);
        return true;
      }
      if (key.return) {
        const check = placementCheck(form, controller.store.getSnapshot(), controller.serverNow());
        if (check.ok && !blocked) setForm({ ...form, step: "preview", order: orderOf(check), note: undefined });
        return true;
      }
      const s = controller.store.getSnapshot();
      setForm(editKey(form, input, key, { price: new Decimal(1), stake: minStake(s.target.interval) }));
      return true;
    },
    [controller, blocked, open, submit, setForm],
  );

  /** Takes a paste into the focused field while editing; returns false when there is no field to take it. */
  const handlePaste = useCallback(
    (text: string, dropped: number): boolean => {
      const form = current.current;
      if (form === null || form.step !== "edit") return form !== null;
      setForm(pasteText(form, text, dropped));
      return true;
    },
    [setForm],
  );

  return { form, open, handleKey, handlePaste };
}

function afterOutcome(f: FormState, outcome: PlacementOutcome): FormState {
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

function orderOf(check: { gid: string; sp: string; f: string }): { gid: string; sp: string; f: string } {
  return { gid: check.gid, sp: check.sp, f: check.f };
}
