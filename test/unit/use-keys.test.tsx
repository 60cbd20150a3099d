/**
 * useKeys (src/ui/input/use-keys.ts) in a rendered tree: a chunk of keys becomes one call a key, a paste
 * and a focus report go to their own handlers and never to onKey, the latest render's handlers are the
 * ones called, and raw mode and the listener last exactly as long as the component. Kept among the unit
 * tests, with nothing but the hook in its tree, so the mutation run states the hook too.
 */
import { Text, useInput } from "ink";
import { describe, expect, it, vi } from "vitest";
import { type FocusHandler, type KeyHandler, type PasteHandler, useKeys } from "../../src/ui/input/use-keys.js";
import { FakeStdin, renderAt } from "../helpers/ink.js";

function Probe({ onKey, onPaste, onFocus }: { onKey: KeyHandler; onPaste?: PasteHandler; onFocus?: FocusHandler }) {
  useKeys(onKey, onPaste, onFocus);
  return <Text>probe</Text>;
}

describe("useKeys", () => {
  it("calls onKey once a key for a chunk of several, and sends pastes and focus reports to their own handlers", async () => {
    const keys: string[] = [];
    const pastes: string[] = [];
    const focus: boolean[] = [];
    const r = renderAt(
      <Probe onKey={(input) => keys.push(input)} onPaste={(p) => pastes.push(p.text)} onFocus={(f) => focus.push(f)} />,
      40,
      5,
    );
    await r.press("jj");
    await r.press("\x1b[200~67,100\x1b[201~");
    await r.press("\x1b[O\x1b[I");
    expect([keys, pastes, focus]).toEqual([["j", "j"], ["67,100"], [false, true]]);
    r.unmount();
  });

  it("drops a paste or a focus report when no handler takes it, and calls no key for them", async () => {
    const keys: string[] = [];
    const r = renderAt(<Probe onKey={(input) => keys.push(input)} />, 40, 5);
    await r.press("\x1b[200~x\x1b[201~\x1b[I");
    await r.press("q");
    expect(keys).toEqual(["q"]);
    r.unmount();
  });

  it("calls the handlers of the latest render", async () => {
    const first: string[] = [];
    const second: string[] = [];
    const r = renderAt(<Probe onKey={(input) => first.push(input)} />, 40, 5);
    r.instance.rerender(<Probe onKey={(input) => second.push(input)} />);
    await r.press("a");
    expect([first, second]).toEqual([[], ["a"]]);
    r.unmount();
  });

  it("holds raw mode and its listener while mounted, and lets both go when unmounted", async () => {
    const keys: string[] = [];
    const raw = vi.spyOn(FakeStdin.prototype, "setRawMode");
    const r = renderAt(<Probe onKey={(input) => keys.push(input)} />, 40, 5);
    expect(raw).toHaveBeenLastCalledWith(true);
    r.unmount();
    expect(raw).toHaveBeenLastCalledWith(false);
    raw.mockRestore();
    r.stdin.write("z");
    expect(keys).toEqual([]);
  });

  it("lets go of raw mode and its listener when it leaves a tree that stays", async () => {
    const keys: string[] = [];
    const raw = vi.spyOn(FakeStdin.prototype, "setRawMode");
    const onKey: KeyHandler = (input) => keys.push(input);
    const r = renderAt(<Probe onKey={onKey} />, 40, 5);
    r.instance.rerender(<Text>gone</Text>);
    expect(raw).toHaveBeenLastCalledWith(false);
    raw.mockRestore();
    // Another reader keeps Ink listening: what it hears must not reach the hook that left.
    r.instance.rerender(<Listener />);
    await r.press("z");
    expect(keys).toEqual([]);
    r.unmount();
  });
});

function Listener() {
  useInput(() => {});
  return <Text>listening</Text>;
}
