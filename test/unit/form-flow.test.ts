/**
 * The form's steps (src/ui/form/form-flow.ts): what each key does at each
 * step, fed through the key reader as the dashboard feeds them.
 */
import { describe, expect, it } from "vitest";
import type { Snapshot } from "../../src/poller/snapshot.js";
import { initialSnapshot } from "../../src/poller/snapshot.js";
import { staleAfterMs } from "../../src/poller/staleness.js";
import { afterOutcome, formAt, formForNextGame, formKey, previewLapsed } from "../../src/ui/form/form-flow.js";
import { type FormState, openForm } from "../../src/ui/form/form-state.js";
import { KeyReader } from "../../src/ui/input/key-reader.js";
import { balance, listing, livePrice, placedPosition } from "../helpers/fixtures.js";

const START = Date.parse("2026-03-01T12:00:00Z");

function snapshot(network: "testnet" | "mainnet"): Snapshot {
  const s = initialSnapshot({ asset: "BTC_USDT", interval: 60, network, currency: "USDC" });
  return {
    ...s,
    listing: { value: listing({ start: START, now: START + 5_000 }), at: START + 5_000 },
    balance: { value: balance(), at: START },
  };
}

/** One key through the reader; the form's next state and effect. */
function press(form: FormState, piece: string, s: Snapshot, blocked = false, now = START + 5_000) {
  const [e] = new KeyReader().push(piece);
  if (e?.kind !== "key") throw new Error(`not a key: ${JSON.stringify(piece)}`);
  return formKey(form, e.input, e.key, { snapshot: s, now, blocked });
}

const ENTER = "\r";
const ESC = "\x1b";

describe("form steps", () => {
  it("Enter on valid values previews the order; on testnet Enter sends it", () => {
    const s = snapshot("testnet");
    const preview = press(openForm("67100", "1"), ENTER, s).form!;
    expect([preview.step, preview.order]).toEqual(["preview", { gid: "489886", sp: "67100", f: "1" }]);
    expect(press(preview, ENTER, s).effect).toBe("submit");
  });

  it("on mainnet only y sends; Enter does nothing", () => {
    const s = snapshot("mainnet");
    const preview = press(openForm("67100", "1"), ENTER, s).form!;
    expect(press(preview, ENTER, s)).toEqual({ form: preview });
    expect(press(preview, "y", s).effect).toBe("submit");
  });

  it("never sends a preview whose game stopped taking positions: Enter goes back to editing, with the values and why", () => {
    for (const network of ["testnet", "mainnet"] as const) {
      const s = snapshot(network);
      const preview = press(openForm("67100", "1"), ENTER, s).form!;
      const order = preview.order!;
      expect(previewLapsed(order, s, START + 5_000)).toBeUndefined();
      const next = { ...s, listing: { value: listing({ start: START + 70_000, now: START + 71_000, gid: "489887" }), at: START + 71_000 } };
      // Its lock passed while the trader read it, or the next game is live by then: the same either way.
      for (const [shown, now] of [
        [s, START + 61_000],
        [next, START + 71_000],
      ] as const) {
        expect(previewLapsed(order, shown, now)).toBe("closed");
        // y does nothing: no key both leaves this preview and sends another.
        expect(press(preview, "y", shown, false, now)).toEqual({ form: preview });
        const edit = press(preview, ENTER, shown, false, now);
        expect(edit.effect).toBeUndefined();
        expect([edit.form?.step, edit.form?.order, edit.form?.price.text, edit.form?.note]).toEqual([
          "edit",
          undefined,
          "67100",
          // With the game live when it was said: it goes once another game is live.
          { tone: "warn", text: "#489886 closed, not sent: Enter previews the live game", gid: shown.listing!.value.liveGame!.gid },
        ]);
      }
      // The note stays while the game live when it was said is live, and goes with it: later it names a game long over.
      const noted = press(preview, ENTER, next, false, START + 71_000).form!;
      expect(formForNextGame(noted, next, START + 71_000).note?.gid).toBe("489887");
      const later = {
        ...s,
        listing: { value: listing({ start: START + 140_000, now: START + 141_000, gid: "489888" }), at: START + 141_000 },
      };
      const followed = formForNextGame(noted, later, START + 141_000);
      expect([followed.note, followed.price.text, followed.step]).toEqual([undefined, "67100", "edit"]);
      // From editing, Enter previews for the game live now, and only the next key sends.
      const edit = press(preview, ENTER, next, false, START + 71_000).form!;
      const again = press(edit, ENTER, next, false, START + 71_000).form!;
      expect([again.step, again.order]).toEqual(["preview", { gid: "489887", sp: "67100", f: "1" }]);
      expect(press(again, network === "mainnet" ? "y" : ENTER, next, false, START + 71_000).effect).toBe("submit");
      const refusing = { ...s, listing: { value: listing({ start: START, now: START + 5_000, canPlace: false }), at: START + 5_000 } };
      expect(previewLapsed(order, refusing, START + 5_000)).toBe("not accepting positions now");
    }
  });

  it("stays in edit when the values fail or placing is blocked", () => {
    const s = snapshot("testnet");
    expect(press(openForm("", "1"), ENTER, s).form!.step).toBe("edit");
    expect(press(openForm("67100", "1"), ENTER, s, true).form!.step).toBe("edit");
  });

  it("ignores every key while sending, Esc included", () => {
    const sending: FormState = { ...openForm("67100", "1"), step: "sending" };
    for (const k of [ESC, ENTER, "y", "p", "x"]) expect(press(sending, k, snapshot("testnet"))).toEqual({ form: sending });
  });

  it("after the service's answer: a success closes the form and is said; a refusal keeps the values and says why", () => {
    const sending: FormState = { ...openForm("67100", "1"), step: "sending", order: { gid: "489886", sp: "67100", f: "1" } };
    const placed = afterOutcome(sending, { kind: "placed", position: placedPosition({ txid: "95c7bbf3-0000-4000-8000-000000000001" }) });
    expect(placed).toEqual({ form: null, said: "placed ✓ @67,100 stake 1.00 txid 95c7bbf3 — p places another" });
    const error = { kind: "conflict" as const, message: "POST /spot: rejected as a conflict, status 409 (Duplicate position)", at: START };
    const refused = afterOutcome(sending, { kind: "rejected", error, fields: [] });
    // The form is the POST: its note gives the reason without the call's name.
    expect([refused.form?.step, refused.form?.price.text, refused.form?.note?.text, refused.said]).toEqual([
      "edit",
      "67100",
      "rejected as a conflict, status 409 (Duplicate position)",
      undefined,
    ]);
    // The refused order is forgotten: the form no longer names its game, and the next preview is for the game live then.
    expect(refused.form?.order).toBeUndefined();
    const unknown = afterOutcome(sending, { kind: "reconciled", placed: false, error });
    expect([unknown.form?.step, unknown.form?.order]).toEqual(["edit", undefined]);
  });

  it("opens at the live price's nearest whole strike not held at that stake", () => {
    const s = { ...snapshot("testnet"), price: { value: livePrice(67000.4, START), at: START } };
    const held = (sp: string) => ({ ...s, placed: [placedPosition({ gid: "489886", sp, f: "1", txid: `t${sp}` })] });
    expect(formAt(s, "1", START).price.text).toBe("67000");
    expect(formAt(held("67000"), "1", START).price.text).toBe("67001");
    // Another stake at the same strike is no duplicate.
    expect(formAt(held("67000"), "2", START).price.text).toBe("67000");
  });

  it("leaves the price empty, and says why, without a price read or with one past its refresh", () => {
    const s = { ...snapshot("testnet"), price: { value: livePrice(67000.4, START), at: START } };
    const none = formAt({ ...s, price: undefined }, "1", START);
    expect([none.price.text, none.stake.text, none.note]).toEqual([
      "",
      "1",
      { text: "no price read yet: type a price, or wait for one", tone: "warn" },
    ]);
    // The book's last price of an asset switched back to, 42 s old: a strike from it is not offered.
    const old = formAt(s, "1", START + 42_000);
    expect([old.price.text, old.note?.text]).toEqual(["", "the last price is 42s old: type a price, or wait for one"]);
    // At its refresh's edge it is still the live price.
    expect(formAt(s, "1", START + staleAfterMs("price")).price.text).toBe("67000");
  });
});
