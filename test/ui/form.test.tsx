/**
 * The position form in the real App: typing, validation, preview, submit.
 * The controller records what would be sent; sending itself is the poller's
 * job and is tested against the sim in test/integration/placement.test.ts.
 */

import { afterEach, describe, expect, it } from "vitest";
import { PriceSeries } from "../../src/domain/price-series.js";
import { lobbyMs } from "../../src/domain/rules.js";
import { withPlaced } from "../../src/poller/reducers.js";
import { initialSnapshot, type PlacementOutcome, type Snapshot, type Target } from "../../src/poller/snapshot.js";
import { Store } from "../../src/poller/store.js";
import { App } from "../../src/ui/App.js";
import type { DashboardController } from "../../src/ui/controller.js";
import { problemLines } from "../../src/ui/form/PositionForm.js";
import { textWidth } from "../../src/ui/spans.js";
import { balance, listing, livePrice, placedPosition, statusPosition, statusResponse } from "../helpers/fixtures.js";
import { renderAt, tick } from "../helpers/ink.js";
import { until } from "../helpers/until.js";

const BACKSPACE = "\u007f";
const ESC = "\u001b";
const ENTER = "\r";
const TAB = "\t";

function setup(
  opts: { network?: Target["network"]; start?: number; held?: number; outcome?: PlacementOutcome; snapshot?: Partial<Snapshot> } = {},
) {
  const now = Date.now();
  const start = opts.start ?? now - 10_000;
  const l = listing({ start, now, gid: "489886" });
  const positions = Array.from({ length: opts.held ?? 0 }, (_, i) =>
    statusPosition({ gid: "489886", txid: `h${i}`, sp: String(66000 + i), f: "1" }),
  );
  const snap: Snapshot = {
    ...initialSnapshot({ asset: "BTC_USDT", interval: 60, network: opts.network ?? "testnet", currency: "USDC" }),
    listing: { value: l, at: now },
    price: { value: livePrice(67000.4, now), at: now },
    priceHistory: { BTC_USDT: PriceSeries.of([{ t: now, value: 67000.4 }]) },
    balance: { value: balance("1000"), at: now },
    status: { value: statusResponse(positions), at: now },
    connection: { state: "ok" },
    lastOkAt: now,
    ...opts.snapshot,
  };
  const sent: unknown[] = [];
  const c: DashboardController = {
    store: new Store(snap),
    serverNow: () => Date.now(),
    refresh: () => true,
    retarget: () => undefined,
    place: async (req) => {
      sent.push(req);
      if (opts.outcome) return opts.outcome;
      // As the poller does: the position is shown as placed until /status lists it.
      const position = placedPosition({ gid: req.gid, sp: req.sp, f: req.f, txid: `tx-from-test-${sent.length}` });
      c.store.update((x) => withPlaced(x, position));
      return { kind: "placed", position };
    },
  };
  return { c, sent };
}

let ui: ReturnType<typeof renderAt> | undefined;
afterEach(() => ui?.unmount());

async function mount(c: DashboardController, over: { readonly?: boolean; walletMissing?: boolean; cols?: number; rows?: number } = {}) {
  ui = renderAt(
    <App
      controller={c}
      backend="SIM"
      assets={["BTC_USDT"]}
      readonly={over.readonly ?? false}
      walletMissing={over.walletMissing ?? false}
    />,
    over.cols ?? 120,
    over.rows ?? 40,
  );
  await tick();
  return ui;
}

async function typeInto(u: NonNullable<typeof ui>, text: string, clear = 0) {
  for (let i = 0; i < clear; i++) await u.press(BACKSPACE);
  for (const ch of text) await u.press(ch);
}

const flat = (s: string) => s.replace(/\s+/g, " ");

describe("position form", () => {
  it("opens prefilled, takes a valid entry, previews, submits, then closes and says so with the txid", async () => {
    const { c, sent } = setup();
    const u = await mount(c, { cols: 80, rows: 24 });
    await u.press("p");
    expect(flat(u.text())).toContain("price [67000");
    expect(flat(u.text())).toContain("stake [0.1");
    expect(u.text()).toContain("ready: Enter to preview");
    await typeInto(u, "67100", 5);
    await u.press(TAB);
    await typeInto(u, "2.5", 3);
    expect(flat(u.text())).toContain("[67100");
    expect(flat(u.text())).toContain("[2.5");
    await u.press(ENTER);
    // At 80 columns the id is left to the PLACE row above the preview (preview-line.ts).
    expect(flat(u.text())).toContain("PLACE #489886 price");
    expect(flat(u.text())).toContain("price 67,100.00 │ stake 2.50 USDC │ testnet: Enter to submit │ closes in 0:");
    expect(sent).toHaveLength(0);
    await u.press(ENTER);
    await tick(50);
    expect(sent).toEqual([{ gid: "489886", sp: "67100", f: "2.5" }]);
    // The form gives the chart its rows back; the footer says what was placed.
    expect(u.text()).not.toMatch(/\bPLACE\b/);
    expect(flat(u.text())).toContain("placed ✓ @67,100 stake 2.50 txid tx-from- — p places another");
  });

  it("leaves 'p places one' off the empty positions table while the form is open: it is open already", async () => {
    const { c } = setup();
    const u = await mount(c, { cols: 100, rows: 30 });
    expect(flat(u.text())).toContain("no positions in this game — p places one");
    await u.press("p");
    expect(flat(u.text())).toContain("no positions in this game");
    expect(flat(u.text())).not.toContain("places one");
  });

  it("says a stake of six decimals whole, in the preview and in what it says was placed", async () => {
    const { c, sent } = setup();
    const u = await mount(c, { cols: 100, rows: 24 });
    await u.press("p");
    await typeInto(u, "67100", 5);
    await u.press(TAB);
    await typeInto(u, "12.345678", 3);
    await u.press(ENTER);
    expect(flat(u.text())).toContain("stake 12.345678 USDC │ testnet: Enter to submit");
    await u.press(ENTER);
    await tick(50);
    expect(sent).toEqual([{ gid: "489886", sp: "67100", f: "12.345678" }]);
    expect(flat(u.text())).toContain("placed ✓ @67,100 stake 12.345678 txid");
  });

  it("opened before the first price is read, takes the strike from it once it is, unless a price was typed first", async () => {
    const read = (c: DashboardController) => {
      const now = Date.now();
      c.store.update((x) => ({ ...x, price: { value: livePrice(67000.4, now), at: now } }));
    };
    const { c, sent } = setup({ snapshot: { price: undefined, priceHistory: {} } });
    const u = await mount(c, { cols: 90, rows: 20 });
    await u.press("p");
    expect(flat(u.text())).toMatch(/PLACE (#489886 )?price \[ +\] stake \[0\.1/);
    expect(flat(u.text())).toContain("no price read yet: type a price, or wait for one");
    read(c);
    await until(
      () => flat(u.text()).includes("price [67000"),
      5_000,
      () => u.text(),
    );
    expect(u.text()).not.toContain("no price read yet");
    await u.press(ENTER);
    await u.press(ENTER);
    await tick(50);
    expect(sent).toEqual([{ gid: "489886", sp: "67000", f: "0.1" }]);
    // A price typed before the first is read stays the trader's.
    const typed = setup({ snapshot: { price: undefined, priceHistory: {} } });
    ui?.unmount();
    const v = await mount(typed.c, { cols: 90, rows: 20 });
    await v.press("p");
    await typeInto(v, "66990", 5);
    read(typed.c);
    await tick(100);
    expect(flat(v.text())).toContain("price [66990");
  });

  it("with the price past its refresh calls it the last, not the live one, and p and P leave the price to type", async () => {
    const old = Date.now() - 42_000;
    const { c, sent } = setup({ snapshot: { price: { value: livePrice(63858.66, old), at: old } } });
    const u = await mount(c, { cols: 90, rows: 20 });
    // No move since the open or distance from a strike measured from where the price was.
    expect(flat(u.text())).toMatch(/last 63,858\.66 4\ds ago/);
    expect(u.text()).not.toContain("live 63,858.66");
    await u.press("P");
    expect(flat(u.text())).toMatch(/PLACE (#489886 )?price \[ +\] stake \[0\.1/);
    expect(flat(u.text())).toMatch(/the last price is 4\ds old: type a price, or wait for one/);
    expect(u.text()).not.toContain("Enter to submit");
    await u.press(ENTER);
    await u.press(ENTER);
    expect(sent).toHaveLength(0);
  });

  it.each([
    ["its listing not read yet (a switch's first request)", { listing: undefined }, "placing unknown: the game listing is loading"],
    ["an old listing", { listingAge: 600_000 }, "placing unknown: the game listing is out of date"],
    [
      "the service down",
      { connection: { state: "offline", retryAt: 0, reason: "ECONNREFUSED" } },
      "placing unknown: the service is not answering",
    ],
    [
      "no answer yet (the launch's first request)",
      { connection: { state: "connecting" } },
      "placing unknown: the service has not answered yet",
    ],
  ] as const)("says why placing is unknown: %s", async (_, over, why) => {
    const now = Date.now();
    const base = setup();
    const s = base.c.store.getSnapshot();
    const listing =
      "listingAge" in over ? { value: s.listing!.value, at: now - over.listingAge } : "listing" in over ? undefined : s.listing;
    const connection = "connection" in over ? (over.connection as Snapshot["connection"]) : s.connection;
    const { c, sent } = setup({ snapshot: { listing, connection } });
    const u = await mount(c);
    await u.press("p");
    expect(u.text()).toContain(`✗ ${why}`);
    await u.press(ENTER);
    expect(sent).toHaveLength(0);
  });

  it("says how far a price is from the live one, ready and in the preview, and still sends it", async () => {
    const { c, sent } = setup();
    const u = await mount(c, { cols: 80, rows: 24 });
    await u.press("p");
    // A digit too many: 670000 against 67,000.40.
    await typeInto(u, "670000", 5);
    expect(u.text()).toContain("ready: Enter to preview · price 899% above the live price");
    await u.press(ENTER);
    expect(flat(u.text())).toContain("price 670,000.00 │ stake 0.10 USDC │ 899% above live │ testnet: Enter to submit");
    await u.press(ENTER);
    await tick(50);
    expect(sent).toEqual([{ gid: "489886", sp: "670000", f: "0.1" }]);
  });

  it.each([
    ["price", "abc", 'price: "abc" is not a decimal number'],
    ["price", "0", "price must be positive"],
    ["stake", "0.01", "stake below the 1m minimum of 0.1"],
    ["stake", "5000", "stake above the balance of 1,000.00"],
    ["stake", "1.1234567", "stake has more than 6 decimals"],
    ["stake", "x", 'stake: "x" is not a decimal number'],
    // A decimal comma stays in the field as typed ("05" would be ten times the stake) and is named.
    ["stake", "0,5", 'stake: "0,5" is not a decimal number (the decimal mark is a dot)'],
    // So does a space between digits that group no thousands: dropped, "0 5" would be "05".
    ["stake", "0 5", 'stake: "0 5" is not a decimal number'],
  ] as const)("names a bad %s (%s) and refuses Enter", async (fieldName, value, message) => {
    const { c, sent } = setup();
    const u = await mount(c);
    await u.press("p");
    if (fieldName === "stake") await u.press(TAB);
    await typeInto(u, value, 8);
    expect(u.text()).toContain(message);
    await u.press(ENTER);
    await u.press(ENTER);
    expect(u.text()).not.toContain("Enter to submit");
    expect(sent).toHaveLength(0);
  });

  it.each(["67,100", "67 100"])("reads a price typed with thousands separators (%s), showing them as typed", async (typed) => {
    const { c, sent } = setup();
    const u = await mount(c);
    await u.press("p");
    await typeInto(u, typed, 6);
    expect(flat(u.text())).toContain(`price [${typed}`);
    await u.press(ENTER);
    expect(flat(u.text())).toContain("price 67,100.00 │ stake");
    await u.press(ENTER);
    await tick(50);
    expect(sent).toEqual([{ gid: "489886", sp: "67100", f: "0.1" }]);
  });

  it("says when no positions are left, when the game is locked, and when it would be a duplicate", async () => {
    let { c } = setup({ held: 10 });
    let u = await mount(c);
    await u.press("p");
    expect(u.text()).toContain("no positions left in this game (10 of 10 held)");
    u.unmount();

    const now = Date.now();
    ({ c } = setup({ start: now - 60_000 - 3_000 }));
    u = await mount(c);
    await u.press("p");
    const left = Math.ceil((lobbyMs(60) - 3_000) / 1000);
    expect(u.text()).toContain(`locked — next game opens in 0:${String(left).padStart(2, "0")}`);
    u.unmount();

    ({ c } = setup({
      snapshot: { status: { value: statusResponse([statusPosition({ gid: "489886", sp: "67000", f: "0.1" })]), at: now } },
    }));
    u = await mount(c);
    await u.press("p");
    // p offers the nearest strike not held; typed back to the held one, it is a duplicate.
    expect(flat(u.text())).toContain("price [67001");
    await typeInto(u, "67000", 5);
    expect(u.text()).toContain("same price and stake as a position you hold");
  });

  it("puts more problems than lines on the last line as whole ones as fit, then how many more", async () => {
    const price = 'price: "62637p" is not a decimal number';
    const locked = "locked — next game opens in 0:01";
    expect(problemLines([price], 1, 56)).toEqual([price]);
    expect(problemLines([price, locked], 1, 56)).toEqual([`${price} (+1 more)`]);
    expect(problemLines([price, locked], 1, 80)).toEqual([`${price} · ${locked}`]);
    // Too wide for its line, a problem leaves out its reason in brackets rather than be cut inside it.
    const duplicate = "same price and stake as a position you hold (the service would refuse it as a duplicate)";
    expect(problemLines([duplicate], 1, 76)).toEqual(["same price and stake as a position you hold"]);
    expect(problemLines([duplicate], 1, 100)).toEqual([duplicate]);
    expect(problemLines([price, locked, "stake below the 10s minimum of 0.01"], 2, 80)).toEqual([
      price,
      `${locked} · stake below the 10s minimum of 0.01`,
    ]);
    // At 60x15 (one line of 56 columns after the mark): never "· locked — next g…".
    const { c } = setup({ start: Date.now() - 60_000 - 3_000 });
    const u = await mount(c, { cols: 60, rows: 15 });
    await u.press("p");
    await typeInto(u, "62637p", 6);
    const line = u
      .text()
      .split("\n")
      .find((l) => l.startsWith("✗"))!;
    expect(line.trimEnd()).toMatch(/^✗ .+ \(\+1 more\)$/);
  });

  it("at 50x15 the footer's 'placed' keeps what was placed whole and leaves out what to do next", async () => {
    const { c } = setup();
    const u = await mount(c, { cols: 50, rows: 15 });
    await u.press("p");
    await typeInto(u, "67100", 5);
    await u.press(ENTER);
    await u.press(ENTER);
    await tick(50);
    const footer = u.text().split("\n").at(-1)!;
    expect(footer.trimEnd()).toMatch(/^placed ✓ @67,100 stake 0\.10 txid \S+$/);
    expect(footer).not.toContain("…");
  });

  it("edits with Backspace, arrows and nudges", async () => {
    const { c } = setup();
    const u = await mount(c);
    await u.press("p");
    await u.press(BACKSPACE);
    expect(flat(u.text())).toContain("price [6700 ");
    await u.press("\u001b[A"); // Up: +1
    expect(flat(u.text())).toContain("price [6701 ");
    await u.press("\u001b[5~"); // PgUp: +10
    expect(flat(u.text())).toContain("price [6711 ");
    await u.press("\u001b[D"); // Left, then type in the middle
    await u.press("9");
    expect(flat(u.text())).toContain("price [67191 ");
    await u.press(TAB);
    await u.press("\u001b[A"); // stake + its minimum step
    expect(flat(u.text())).toContain("stake [0.2 ");
    // Ctrl+U erases back to the field's start: leftovers go in one key, and what follows is typed in their place.
    await u.press("x7");
    await u.press("\u0015");
    expect(flat(u.text())).toContain("stake [ ");
    await u.press("0.5");
    expect(flat(u.text())).toContain("stake [0.5 ");
  });

  it("at 50x15 keeps the field being edited in sight, whatever it holds", async () => {
    const { c } = setup();
    const u = await mount(c, { cols: 50, rows: 15 });
    await u.press("p");
    await u.press(TAB);
    await typeInto(u, "0.123456", 8);
    const place = u
      .text()
      .split("\n")
      .find((l) => l.startsWith("PLACE"))!;
    expect(place).toMatch(/stake \[0\.123456 *\]/);
    expect([...place].length).toBeLessThanOrEqual(50);
    expect(place).not.toContain("…");
  });

  it("at 50x15 keeps the preview's key whole, and the footer says keys are ignored while an order is in flight", async () => {
    const { c } = setup();
    c.place = () => new Promise(() => {});
    const u = await mount(c, { cols: 50, rows: 15 });
    await u.press("p");
    await u.press(ENTER);
    expect(u.text()).toMatch(/67,000\.00 │ 0\.10 USDC │ (testnet: )?Enter to submit/);
    // The fields stay in sight: the row gives up the id, width, testnet and the currency first.
    expect(u.text()).toMatch(/^PLACE price \[67000 +\] +stake \[0\.1 +\]( USDC)?( testnet)?$/m);
    await u.press(ENTER);
    await tick(50);
    expect(u.text().split("\n").at(-1)).toMatch(/^sending… keys ignored +data/);
  });

  it("cancels with Esc at any step, sending nothing", async () => {
    const { c, sent } = setup();
    const u = await mount(c);
    await u.press("p");
    await u.press(ESC);
    await tick(50);
    expect(u.text()).not.toMatch(/\bPLACE\b/);
    await u.press("p");
    await u.press(ENTER);
    expect(u.text()).toContain("Enter to submit");
    expect(u.text().split("\n").at(-1)).toMatch(/^Enter submit {2}Esc cancel/);
    expect(u.text()).not.toContain("mainnet");
    await u.press(ESC);
    await tick(50);
    expect(u.text()).not.toMatch(/\bPLACE\b/);
    expect(sent).toHaveLength(0);
  });

  it("on mainnet says so and submits only on an explicit y", async () => {
    const { c, sent } = setup({ network: "mainnet" });
    const u = await mount(c);
    await u.press("p");
    await u.press(ENTER);
    expect(u.text()).toContain("MAINNET — REAL FUNDS: press y to submit");
    // The footer names the key that sends on this network, and only that one.
    expect(u.text().split("\n").at(-1)).toMatch(/^y submit on MAINNET {2}Esc cancel/);
    expect(u.text()).not.toContain("Enter submit");
    await u.press(ENTER);
    expect(sent).toHaveLength(0);
    await u.press("y");
    await tick(50);
    expect(sent).toHaveLength(1);
  });

  it.each([
    [80, 24],
    [120, 40],
  ])(
    "at %ix%i, a preview whose game locks while it is read says so, and Enter goes back to editing instead of sending",
    async (cols, rows) => {
      // The game locks 1.5 s after the launch: the preview is made before, read after.
      const { c, sent } = setup({ start: Date.now() - 58_500 });
      const u = await mount(c, { cols, rows });
      // The preview names the game where the line has room; the PLACE row above it always does.
      const id = (gid: string) => (cols > 80 ? `#${gid} │ ` : "");
      await u.press("p");
      await u.press(ENTER);
      expect(flat(u.text())).toContain("PLACE #489886 price");
      expect(flat(u.text())).toContain(`${id("489886")}price 67,000.00 │ stake 0.10 USDC │ testnet: Enter to submit`);
      await until(
        () => u.text().includes("closed: Enter to edit"),
        5_000,
        () => u.text(),
      );
      const lines = u.text().split("\n");
      const preview = lines.find((l) => l.includes("closed: Enter to edit"))!;
      expect(flat(preview)).toContain(`${id("489886")}price 67,000.00 │ stake 0.10 USDC │ closed: Enter to edit`);
      expect(preview).not.toContain("Enter to submit");
      expect(lines.at(-1)).toMatch(/^Enter edit +Esc cancel/);
      // The next game goes live meanwhile: Enter still only goes back to editing, as the line said.
      const now = Date.now();
      c.store.update((s) => ({ ...s, listing: { value: listing({ start: now - 1_000, now, gid: "489887" }), at: now } }));
      await u.press(ENTER);
      await tick(50);
      expect(sent).toEqual([]);
      expect(flat(u.text())).toContain("[67000");
      expect(u.text()).toContain("#489886 closed, not sent: Enter previews the live game");
      expect(u.text()).not.toContain("Enter to edit");
      await u.press(ENTER);
      expect(flat(u.text())).toContain("PLACE #489887 price");
      expect(flat(u.text())).toContain(`${id("489887")}price 67,000.00 │ stake 0.10 USDC │ testnet: Enter to submit`);
      await u.press(ENTER);
      await tick(50);
      expect(sent).toEqual([{ gid: "489887", sp: "67000", f: "0.1" }]);
    },
  );

  it("with the lock passed and no game taking positions, the form back in editing says why Enter does not preview", async () => {
    const { c, sent } = setup({ start: Date.now() - 58_500 });
    const u = await mount(c);
    await u.press("p");
    await u.press(ENTER);
    await until(
      () => u.text().includes("closed: Enter to edit"),
      5_000,
      () => u.text(),
    );
    await u.press(ENTER);
    await u.press(ENTER);
    await tick(50);
    expect(sent).toEqual([]);
    expect(flat(u.text())).toContain("[67000");
    expect(u.text()).toMatch(/✗ locked — /);
    expect(u.text()).not.toContain("#489886 │");
  });

  it("keeps the values and shows the service's reason when it refuses", async () => {
    const { c } = setup({
      outcome: {
        kind: "rejected",
        error: { kind: "conflict", message: "POST /spot: rejected as a conflict, status 409 (Duplicate position)", at: 0 },
        fields: [],
      },
    });
    const u = await mount(c);
    await u.press("p");
    await typeInto(u, "67123", 5);
    await u.press(ENTER);
    await u.press(ENTER);
    await tick(50);
    expect(u.text()).toContain("rejected as a conflict, status 409 (Duplicate position)");
    expect(u.text()).not.toContain("POST /spot");
    expect(flat(u.text())).toContain("[67123");
  });

  it("explains a missing wallet instead of posting", async () => {
    const { c, sent } = setup();
    const u = await mount(c, { walletMissing: true });
    await u.press("p");
    expect(u.text()).toContain("set METAFIDE_USER_ADDRESS");
    await u.press(ENTER);
    await u.press(ENTER);
    expect(sent).toHaveLength(0);
  });

  it("does not open in read-only mode, and says why", async () => {
    const { c } = setup();
    const u = await mount(c, { readonly: true });
    await u.press("p");
    expect(u.text()).not.toMatch(/\bPLACE\b/);
    expect(u.text()).toContain("read-only mode");
  });

  it("P repeats the last stake at the live price straight into the preview, at the nearest strike not held", async () => {
    const { c, sent } = setup();
    const u = await mount(c);
    await u.press("p");
    await u.press(TAB);
    await typeInto(u, "3", 3);
    await u.press(ENTER);
    await u.press(ENTER);
    await tick(50);
    await u.press("P");
    // The price has not moved a whole unit: 67,000 at 3 is held, so the next whole strike, not a duplicate.
    expect(flat(u.text())).toContain("price 67,001.00 │ stake 3.00 USDC");
    expect(u.text()).toContain("Enter to submit");
    await u.press(ENTER);
    await tick(50);
    await u.press("P");
    expect(flat(u.text())).toContain("price 66,999.00 │ stake 3.00 USDC");
    expect(sent).toEqual([
      { gid: "489886", sp: "67000", f: "3" },
      { gid: "489886", sp: "67001", f: "3" },
    ]);
  });

  it("prefills the last stake placed at the interval shown, else its minimum", async () => {
    const { c } = setup();
    const u = await mount(c);
    await u.press("p");
    await u.press(TAB);
    await typeInto(u, "3");
    await u.press(ENTER);
    await u.press(ENTER);
    await tick(50);
    // Switched to 10 s games: their minimum, not the 1 m stake.
    const now = Date.now();
    const to = (interval: 10 | 60) => (s: Snapshot) => ({
      ...s,
      target: { ...s.target, interval },
      listing: { value: listing({ start: now - 1_000, now, gid: interval === 10 ? "77001" : "489886", interval }), at: now },
    });
    c.store.update(to(10));
    await tick(50);
    await u.press("p");
    expect(flat(u.text())).toContain("stake [0.01");
    await u.press(ESC);
    c.store.update(to(60));
    await tick(50);
    await u.press("p");
    expect(flat(u.text())).toContain("stake [3 ");
  });

  it("kept open into the next game, sets an untouched prefilled price again from the live price; an edited one stays", async () => {
    const { c } = setup();
    const u = await mount(c);
    // The next game goes live with the price moved; the frame that shows it is the next second's.
    const nextGame = async (gid: string, price: number) => {
      const now = Date.now();
      c.store.update((s) => ({
        ...s,
        listing: { value: listing({ start: now - 1_000, now, gid }), at: now },
        price: { value: livePrice(price, now), at: now },
      }));
      await until(
        () => flat(u.text()).includes(`POSITIONS #${gid}`),
        3_000,
        () => u.text(),
      );
      // The form follows the game in the render after the frame that drew it.
      await tick();
    };
    await u.press("p");
    expect(flat(u.text())).toContain("price [67000 ");
    // The stake typed into is the trader's; the price, untouched, is the form's guess.
    await u.press(TAB);
    await typeInto(u, "2");
    await nextGame("489887", 67250.6);
    expect(flat(u.text())).toContain("price [67251 ");
    expect(flat(u.text())).toContain("stake [2 ");
    // The first key typed still replaces it whole.
    await u.press(TAB);
    await typeInto(u, "67300");
    expect(flat(u.text())).toContain("price [67300 ");
    await nextGame("489888", 66900.2);
    expect(flat(u.text())).toContain("price [67300 ");
  });

  it("keeps the PLACE row's fields their width in columns when a field holds wide letters", async () => {
    const { c } = setup();
    const u = await mount(c, { cols: 80, rows: 24 });
    await u.press("p");
    const stakeAt = () => {
      const row = u
        .text()
        .split("\n")
        .find((l) => l.includes("PLACE "))!;
      return textWidth(row.slice(0, row.indexOf("stake [")));
    };
    const prefilled = stakeAt();
    // Typed from an East Asian input method: two columns a letter, the check names it.
    await typeInto(u, "価格");
    expect(u.text()).toContain('price: "価格" is not a decimal number');
    expect(stakeAt()).toBe(prefilled);
    await u.press(TAB);
    expect(stakeAt()).toBe(prefilled);
  });
});
