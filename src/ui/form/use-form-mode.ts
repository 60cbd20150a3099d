/**
 * The position form's mode: open with sensible values, edit, preview,
 * confirm (with an explicit y on mainnet), send through the poller and show
 * what happened. Keys that would submit again are ignored while in flight.
 * While open it takes every key (q included: it may be a typo in a field).
 */
import { useCallback, useEffect, useMemo, useRef } from "react";
import { toWire } from "../../domain/money.js";
import { minStake } from "../../domain/rules.js";
import type { PlaceRequest } from "../../poller/snapshot.js";
import { type PlacementOutcome, type Snapshot, snapshotAt } from "../../poller/snapshot.js";
import type { DashboardAction } from "../dashboard/keys.js";
import { type Binding, type Hint, hints, type KeyPress, keyLabel, keyName } from "../keymap.js";
import type { Mode } from "../mode.js";
import { useLatestState } from "../use-latest-state.js";
import {
  afterOutcome,
  checkForm,
  formAt,
  formForNextGame,
  formKey,
  type Order,
  previewLapsed,
  priceToPrefill,
  toPreview,
} from "./form-flow.js";
import { type FormState, pasteText } from "./form-state.js";
import { type FormBinding, formBindings } from "./keys.js";

export interface FormController {
  store: { getSnapshot(): Snapshot };
  serverNow(): number;
  place(req: PlaceRequest): Promise<PlacementOutcome>;
}

export function useFormMode(
  controller: FormController,
  blocked: string | undefined,
  say: (text: string) => void,
  table: readonly FormBinding[],
  dashboard: readonly Binding<DashboardAction>[],
  liveGid: string | undefined,
) {
  // Keys can arrive faster than React re-renders: handlers read the latest state, never a stale closure's.
  const [form, setForm, currentForm] = useLatestState<FormState | null>(null);
  const lastStake = useRef(new Map<number, string>()); // per interval: each has its own minimum
  const sending = useRef(false);
  const open = useCallback(
    (quick: boolean) => {
      const now = controller.serverNow();
      const s = snapshotAt(controller.store.getSnapshot(), now);
      const opened = formAt(s, lastStake.current.get(s.target.interval) ?? toWire(minStake(s.target.interval)), now);
      setForm(quick ? toPreview(opened, checkForm(opened, s, now), blocked !== undefined) : opened);
    },
    [controller, blocked, setForm],
  );

  useFollowGame(controller, liveGid, currentForm, setForm);
  const submit = useCallback(
    (order: Order) => {
      if (sending.current) return;
      sending.current = true;
      setForm((f) => f && { ...f, step: "sending", note: undefined });
      const interval = controller.store.getSnapshot().target.interval;
      void controller.place(order).then((outcome) => {
        sending.current = false;
        if (outcome.kind === "placed" || (outcome.kind === "reconciled" && outcome.placed)) lastStake.current.set(interval, order.f);
        const f = currentForm();
        if (f === null) return;
        const next = afterOutcome(f, outcome, keyName(dashboard, "place"));
        setForm(next.form);
        if (next.said) say(next.said);
      });
    },
    [controller, setForm, currentForm, say, dashboard],
  );

  /** Handles a key while the form is open; returns false when the form is closed. */
  const handleKey = useCallback(
    ({ input, key }: KeyPress): boolean => {
      const form = currentForm();
      if (form === null) return false;
      const now = controller.serverNow();
      const c = { snapshot: snapshotAt(controller.store.getSnapshot(), now), now, blocked: blocked !== undefined };
      const next = formKey(form, input, key, c, table);
      setForm(next.form);
      if (next.effect === "submit" && form.order) submit(form.order);
      return true;
    },
    [controller, blocked, submit, setForm, currentForm, table],
  );

  /** Takes a paste into the focused field while editing; returns false when there is no field to take it. */
  const handlePaste = useCallback(
    (text: string, dropped: number): boolean => {
      const form = currentForm();
      if (form === null || form.step !== "edit") return form !== null;
      setForm(pasteText(form, text, dropped));
      return true;
    },
    [setForm, currentForm],
  );

  const lapsed = usePreviewLapsed(controller, currentForm);
  const mode = useMemo(() => {
    const mainnet = () => controller.store.getSnapshot().target.network === "mainnet";
    return formMode(table, dashboard, currentForm, handleKey, { lapsed, mainnet });
  }, [controller, table, dashboard, handleKey, currentForm, lapsed]);
  return { form, open, handlePaste, mode };
}

/** The open form moved on to each game the frame shows live, `liveGid`, and to the first price read (formForNextGame). */
function useFollowGame(
  controller: FormController,
  liveGid: string | undefined,
  currentForm: () => FormState | null,
  setForm: (f: FormState) => void,
): void {
  const priced = priceToPrefill(controller.store.getSnapshot(), controller.serverNow());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first price read is a change the form follows, as a new game is.
  useEffect(() => {
    const f = currentForm();
    if (f === null || liveGid === undefined) return;
    const now = controller.serverNow();
    const next = formForNextGame(f, snapshotAt(controller.store.getSnapshot(), now), now);
    if (next !== f) setForm(next);
  }, [liveGid, priced, controller, currentForm, setForm]);
}

/** Why the open preview can no longer be sent (its game stopped taking positions), as of the instant it is asked. */
function usePreviewLapsed(controller: FormController, currentForm: () => FormState | null): () => string | undefined {
  return useCallback((): string | undefined => {
    const f = currentForm();
    const now = controller.serverNow();
    return f?.step === "preview" && f.order ? previewLapsed(f.order, snapshotAt(controller.store.getSnapshot(), now), now) : undefined;
  }, [controller, currentForm]);
}

function formMode(
  table: readonly FormBinding[],
  dashboard: readonly Binding<DashboardAction>[],
  currentForm: () => FormState | null,
  handleKey: (p: KeyPress) => boolean,
  preview: { lapsed: () => string | undefined; mainnet: () => boolean },
): Mode {
  return {
    title: `IN THE POSITION FORM (${keyName(dashboard, "place", false)})`,
    active: () => currentForm() !== null,
    handleKey,
    bindings: table,
    hints: () => formHints(table, currentForm()?.step ?? "edit", preview.lapsed() !== undefined, preview.mainnet()),
  };
}

/**
 * The form's keys at its step; while sending, that keys wait. On a preview,
 * the key that sends it on this network (on mainnet only the confirm key
 * does), or, when its game has gone, that the send key goes back to editing.
 */
function formHints(table: readonly FormBinding[], step: FormState["step"], lapsed: boolean, mainnet: boolean): readonly Hint[] {
  // Short enough for a 50-column footer beside the data's age: a key pressed meanwhile is dropped, and says so.
  if (step === "sending") return [{ text: "sending… keys ignored", rank: 1 }];
  if (step === "edit") return hints(formBindings(table, "edit"));
  const key = (action: string) => table.find((b) => b.action === action)?.keys[0];
  const acting = lapsed ? key("send") : key(mainnet ? "confirm" : "send");
  const does = lapsed ? "edit" : mainnet ? "submit on MAINNET" : "submit";
  return [
    ...(acting === undefined ? [] : [{ text: `${keyLabel(acting, true)} ${does}`, rank: 1 }]),
    ...hints(table.filter((b) => b.action === "cancel")),
  ];
}
