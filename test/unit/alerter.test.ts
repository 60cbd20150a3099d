/**
 * The alerter (src/alerts/alerter.ts): rules in force with their origins,
 * mutes and deletions kept in the state directory's file, a fired alert
 * delivered on the rule's channels, on the alert line and in the history,
 * which outlive a relaunch; a once-only rule spent for good.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { alertFilePath, readAlertFile, writeAlertFile } from "../../src/alerts/alert-file.js";
import { type AlertDelivery, Alerter } from "../../src/alerts/alerter.js";
import type { AlertEvent } from "../../src/alerts/events.js";
import { type AlertSettings, type Channel, DEFAULT_ALERT_SETTINGS, makeRule } from "../../src/alerts/rules.js";
import { Decimal } from "../../src/domain/money.js";
import { initialSnapshot, type Snapshot } from "../../src/poller/snapshot.js";
import { Store } from "../../src/poller/store.js";
import { livePrice } from "../helpers/fixtures.js";

const T0 = Date.parse("2026-03-01T12:00:00Z");
const target = { asset: "BTC_USDT", interval: 60 as const, network: "testnet" as const, currency: "USDC" };

function setUp(settings: Partial<AlertSettings> = {}, dir = mkdtempSync(join(tmpdir(), "alerts-"))) {
  const store = new Store<Snapshot>(initialSnapshot(target));
  let now = T0;
  const delivered: [AlertEvent, readonly Channel[]][] = [];
  const delivery: AlertDelivery = {
    deliver: (e, channels) => {
      delivered.push([e, channels]);
      return channels;
    },
    setFocused: () => {},
  };
  const path = alertFilePath(dir, null);
  const alerter = new Alerter({
    source: store,
    serverNow: () => now,
    localNow: () => now,
    settings: { ...DEFAULT_ALERT_SETTINGS, ...settings },
    delivery,
    keeping: { read: () => readAlertFile(path, true), write: (k) => writeAlertFile(path, dir, k) },
  });
  const priceAt = (value: number, dt: number) => {
    now += dt;
    store.update((s) => ({ ...s, price: { value: livePrice(value, now), at: now } }));
    alerter.check();
  };
  return { alerter, store, delivered, priceAt, dir, path };
}

const above = makeRule({ kind: "price", asset: "BTC_USDT", direction: "above", level: new Decimal("100"), repeat: false });

describe("the alerter", () => {
  it("lists the default events and the written rules with their origins", () => {
    const { alerter } = setUp({ rules: [above] });
    const rules = alerter.store.getSnapshot().rules.map((e) => [e.rule.id, e.origin]);
    expect(rules).toContainEqual(["settled", "default"]);
    expect(rules).toContainEqual([above.id, "config"]);
    expect(rules.map(([id]) => id)).not.toContain("turned");
  });

  it("delivers a crossing on the rule's channels, shows it on the line, keeps it, and spends a once-only rule for good", () => {
    const { alerter, delivered, priceAt, dir } = setUp();
    alerter.addRule({
      kind: "price",
      asset: "BTC_USDT",
      direction: "above",
      level: new Decimal("100"),
      repeat: false,
      deliver: ["command"],
    });
    priceAt(99, 1000);
    priceAt(101, 1000);
    priceAt(99, 120_000);
    priceAt(101, 1000);
    expect(delivered.map(([e, c]) => [e.rule, c])).toEqual([[above.id, ["command"]]]);
    const state = alerter.store.getSnapshot();
    expect(state.line?.alert.text).toBe("BTC_USDT rose above 100.00: 101.00");
    expect(state.rules.find((e) => e.rule.id === above.id)).toMatchObject({ origin: "dashboard", spent: true });

    // Relaunched on the same state directory: the rule, its being spent and the history are still there.
    const again = setUp({}, dir);
    again.priceAt(99, 1000);
    again.priceAt(101, 1000);
    expect(again.delivered).toEqual([]);
    expect(again.alerter.store.getSnapshot().fired.map((f) => f.event.rule)).toEqual([above.id]);
  });

  it("a rule made takes its side from the price on screen then: the next read across the level fires it", () => {
    const { alerter, delivered, priceAt } = setUp();
    // The form's preview said "now 99.00": the price read before the rule was made.
    priceAt(99, 1000);
    alerter.addRule({ kind: "price", asset: "BTC_USDT", direction: "above", level: new Decimal("100"), repeat: false });
    priceAt(101, 1000);
    expect(delivered.map(([e]) => e.rule)).toEqual([above.id]);
    // Made again while the price is already above, it waits for a crossing from below.
    alerter.addRule({ kind: "price", asset: "BTC_USDT", direction: "above", level: new Decimal("100"), repeat: false });
    priceAt(102, 1000);
    expect(delivered).toHaveLength(1);
  });

  it("making a spent rule again arms it again; m on it too; making one in force says so", () => {
    const { alerter, delivered, priceAt } = setUp();
    const spec = { kind: "price" as const, asset: "BTC_USDT", direction: "above" as const, level: new Decimal("100"), repeat: false };
    expect(alerter.addRule(spec)).toBe("added");
    expect(alerter.addRule(spec)).toBe("exists");
    priceAt(99, 1000);
    priceAt(101, 1000);
    expect(alerter.addRule(spec)).toBe("rearmed");
    priceAt(99, 120_000);
    priceAt(101, 1000);
    alerter.toggleMute(above.id);
    expect(alerter.store.getSnapshot().rules.find((e) => e.rule.id === above.id)).toMatchObject({ spent: false, muted: false });
    priceAt(99, 120_000);
    priceAt(101, 1000);
    expect(delivered).toHaveLength(3);
  });

  it("tells the poller which assets' prices its price rules read", () => {
    const store = new Store<Snapshot>(initialSnapshot(target));
    const watched: (readonly string[])[] = [];
    const alerter = new Alerter({
      source: store,
      serverNow: () => T0,
      settings: { ...DEFAULT_ALERT_SETTINGS, rules: [above] },
      delivery: { deliver: () => [], setFocused: () => {} },
      watchPrices: (assets) => watched.push(assets),
    });
    alerter.addRule({ kind: "price", asset: "ETH_USDT", direction: "below", level: new Decimal("3000"), repeat: true });
    alerter.toggleMute(above.id);
    expect(watched.at(0)).toEqual(["BTC_USDT"]);
    expect(watched.at(-1)).toEqual(["ETH_USDT"]);
  });

  it("a muted rule fires nothing; unmuted, it waits for the next crossing", () => {
    const every = makeRule({ kind: "price", asset: "BTC_USDT", direction: "above", level: new Decimal("100"), repeat: true });
    const { alerter, delivered, priceAt } = setUp({ rules: [every] });
    alerter.toggleMute(every.id);
    priceAt(99, 1000);
    priceAt(101, 1000);
    alerter.toggleMute(every.id);
    priceAt(102, 1000);
    priceAt(99, 1000);
    priceAt(101, 1000);
    expect(delivered).toHaveLength(1);
  });

  it("deletes rules made on the screen, not the config file's", () => {
    const { alerter } = setUp({ rules: [above] });
    alerter.addRule({ kind: "closing", seconds: 10, onlyUnheld: false });
    alerter.deleteRule("closing:10");
    alerter.deleteRule(above.id);
    expect(alerter.store.getSnapshot().rules.map((e) => e.rule.id)).toContain(above.id);
    expect(alerter.store.getSnapshot().rules.map((e) => e.rule.id)).not.toContain("closing:10");
  });

  it("keeps its file private and sets a file it cannot read aside, saying so", () => {
    const { alerter, path, dir } = setUp();
    alerter.toggleMute("settled");
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, "utf8")).muted).toEqual(["settled"]);
    writeFileSync(path, "{ not json");
    // Only read (watch --events): said, and left where it is.
    expect(() => readAlertFile(path, false)).toThrow(/is not readable/);
    expect(readFileSync(path, "utf8")).toBe("{ not json");
    const again = setUp({}, dir);
    expect(again.alerter.store.getSnapshot().problem).toMatch(/kept as .*alerts\.json\.bad/);
    expect(readFileSync(`${path}.bad`, "utf8")).toBe("{ not json");
  });
});
