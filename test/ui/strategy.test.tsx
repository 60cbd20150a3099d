/**
 * The strategy on screen in the real App, over a fake controller (a real
 * Store of StrategyView, its arm and pause calls recorded): S arms and
 * pauses; on mainnet S opens the prompt for the strategy's name and only
 * the name typed exactly arms it; the strategy line says the name, the
 * state, the game's placed / planned, the session against its limit and
 * the net; the header says ARMED while armed; every frame fits its terminal.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import type { Network } from "../../src/api/schemas.js";
import { Decimal } from "../../src/domain/money.js";
import { Store } from "../../src/poller/store.js";
import { emptySpend } from "../../src/strategy/limits.js";
import type { StrategyRunner, StrategyView } from "../../src/strategy/runner.js";
import { NO_LIMITS } from "../../src/strategy/strategy.js";
import type { StrategyController } from "../../src/ui/strategy/controller.js";
import { drawApp, drawn, liveSnapshot, START, target } from "../helpers/dashboard.js";
import { tick } from "../helpers/ink.js";

const now = START + 15_000;
const ESC = "\u001b";
const ENTER = "\r";
const BACKSPACE = "\u007f";

type Call = ["arm", string | undefined] | ["pause"];

/** A controller that arms as the runner does: on mainnet only with the name, unless on paper. */
function fakeStrategy(network: Network = "testnet", over: Partial<StrategyView> = {}, paper = false) {
  const calls: Call[] = [];
  const D = (s: string) => new Decimal(s);
  const view = new Store<StrategyView>({
    name: "ten",
    state: "paused",
    spend: { ...emptySpend(now), sessionStaked: D("0.45"), dayStaked: D("0.45"), paid: D("0.16"), net: D("-0.14") },
    game: { gid: "489886", placed: 2, planned: 3 },
    ...over,
  });
  const controller: StrategyController = {
    view,
    network,
    limits: { ...NO_LIMITS, maxStakePerSession: D("0.5") },
    arm: (confirmation) => {
      calls.push(["arm", confirmation]);
      if (network === "mainnet" && !paper && confirmation !== "ten")
        return "arming ten on mainnet needs its name typed as the confirmation";
      view.update((v) => ({ ...v, state: paper ? "paper" : "armed", stopReason: undefined }));
      return undefined;
    },
    pause: () => {
      calls.push(["pause"]);
      view.update((v) => ({ ...v, state: "paused" }));
    },
  };
  return { controller, view, calls };
}

const flat = (s: string) => s.replace(/[│╭╮╰╯─]/g, " ").replace(/\s+/g, " ");

function expectFits(frame: string, cols: number, rows: number) {
  const lines = frame.split("\n");
  expect(lines.length).toBeLessThanOrEqual(rows - 1);
  for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(cols);
}

async function press(...keys: string[]) {
  for (const k of keys) await drawn()!.press(k);
  if (keys.includes(ESC)) await tick(60);
  return drawn()!.text();
}

const strategyRow = (frame: string) => frame.split("\n").at(-2)!;
const header = (frame: string) => frame.split("\n")[0]!;

it("the StrategyRunner is a StrategyController", () => {
  expectTypeOf<StrategyRunner>().toExtend<StrategyController>();
});

describe("S on testnet", () => {
  it("arms the paused strategy, and pauses it again", async () => {
    const { controller, calls } = fakeStrategy();
    let frame = await drawApp(liveSnapshot(now), now, 120, 35, [], { strategy: controller });
    expect(strategyRow(frame)).toMatch(
      /^STRATEGY ten PAUSED · #489886 2\/3 · session 0\.45 of 0\.50 USDC · net -0\.14 · paid 0\.16 · S arms it/,
    );
    expect(header(frame)).not.toContain("ARMED");
    frame = await press("S");
    expect(calls).toEqual([["arm", undefined]]);
    expect(strategyRow(frame)).toMatch(/^STRATEGY ten ARMED · /);
    expect(header(frame)).toContain("ARMED ten");
    expect(frame.split("\n").at(-1)).toContain("strategy ten armed on testnet: it places from now on — S pauses it");
    frame = await press("S");
    expect(calls).toEqual([["arm", undefined], ["pause"]]);
    expect(strategyRow(frame)).toMatch(/^STRATEGY ten PAUSED/);
    expect(header(frame)).not.toContain("ARMED");
  });

  it("follows the runner's view as it changes: the game's count, the next action and its countdown", async () => {
    const { controller, view } = fakeStrategy("testnet", { state: "armed" });
    await drawApp(liveSnapshot(now), now, 200, 50, [], { strategy: controller });
    view.update((v) => ({
      ...v,
      game: { gid: "489886", placed: 3, planned: 3 },
      next: { reason: "placed 3 of 3 in #489886", until: now + 45_000 },
    }));
    await tick();
    expect(strategyRow(drawn()!.text())).toContain(
      "#489886 3/3 · session 0.45 of 0.50 USDC · net -0.14 · paid 0.16 · next: placed 3 of 3 in #489886 (in 0:45)",
    );
  });

  it("stopped, says why in the line, and S arms it again", async () => {
    const { controller, calls } = fakeStrategy("testnet", {
      state: "stopped",
      stopReason: "the session's limit 0.50 USDC: 0.45 staked, 0.10 more would pass it",
    });
    const frame = await drawApp(liveSnapshot(now), now, 200, 50, [], { strategy: controller });
    expect(strategyRow(frame)).toMatch(
      /^STRATEGY ten STOPPED: the session's limit 0\.50 USDC: 0\.45 staked, 0\.10 more would pass it · #489886 2\/3 · /,
    );
    await press("S");
    expect(calls).toEqual([["arm", undefined]]);
    // Narrower, why is said shorter; where even that does not fit with the figures, why comes before them.
    const stopped = fakeStrategy("testnet", {
      state: "stopped",
      stopReason: "the session's limit 0.50 USDC: 0.45 staked, 0.10 more would pass it",
    });
    const at = async (cols: number) => strategyRow(await drawApp(liveSnapshot(now), now, cols, 24, [], { strategy: stopped.controller }));
    expect(await at(120)).toMatch(
      /^STRATEGY ten STOPPED: the session's limit 0\.50 USDC · #489886 2\/3 · session 0\.45 of 0\.50 USDC · net -0\.14/,
    );
    expect(await at(90)).toMatch(/^ten STOPPED: the session's limit 0\.50 USDC · 2\/3 · session 0\.45\/0\.50 · net -0\.14/);
    expect((await at(60)).trimEnd()).toBe("ten STOPPED: the session's limit 0.50 USDC · 2/3");
  });

  it("stopped by a losing run at 60 columns, says why before the figures (they do not say it), and the help lists it", async () => {
    const { controller } = fakeStrategy("testnet", { state: "stopped", stopReason: "3 losing games in a row reached the stop at 3" });
    let frame = await drawApp(liveSnapshot(now), now, 60, 15, [], { strategy: controller });
    expect(strategyRow(frame).trimEnd()).toBe("ten STOPPED: 3 losing games in a row reached the stop at 3");
    frame = await press("?");
    expect(flat(frame)).toContain("strategy ten stopped: 3 losing games in a row reached the stop at 3");
    drawn()?.unmount();
    const longer = fakeStrategy("testnet", { state: "stopped", stopReason: "its spend cannot be kept on disk, so it places nothing" });
    frame = await drawApp(liveSnapshot(now), now, 60, 15, [], { strategy: longer.controller });
    expect(strategyRow(frame).trimEnd()).toBe("ten STOPPED: its spend cannot be kept on disk, so it places…");
  });

  it("paused, leaves out the count of a game it played once that game is over", async () => {
    const { controller } = fakeStrategy("testnet", { game: { gid: "489885", placed: 3, planned: 3 } });
    const frame = await drawApp(liveSnapshot(now), now, 120, 35, [], { strategy: controller });
    expect(strategyRow(frame)).toMatch(/^STRATEGY ten PAUSED · session 0\.45 of 0\.50 USDC · /);
    expect(strategyRow(frame)).not.toContain("3/3");
    drawn()?.unmount();
    // In the live game (#489886), the count is this game's.
    const live = fakeStrategy("testnet");
    expect(strategyRow(await drawApp(liveSnapshot(now), now, 120, 35, [], { strategy: live.controller }))).toMatch(
      /^STRATEGY ten PAUSED · #489886 2\/3 · /,
    );
  });

  it("armed in another spotdash, says so once and what to do, whole at 80 columns", async () => {
    const { controller } = fakeStrategy();
    controller.arm = () => "armed by spotdash pid 4242: pause it there first";
    const frame = await drawApp(liveSnapshot(now), now, 80, 24, ["S"], { strategy: controller });
    expect(frame.split("\n").at(-1)!.trimEnd()).toBe("strategy ten not armed: armed by spotdash pid 4242: pause it there first");
  });

  it("armed at a limit already reached, says it stopped again at once", async () => {
    const { controller, view } = fakeStrategy("testnet", { state: "stopped", stopReason: "the session's limit" });
    // As the runner does: armed, it decides at once, and the limit stops it.
    const arm = controller.arm;
    controller.arm = (c) => {
      const why = arm(c);
      view.update((v) => ({ ...v, state: "stopped", stopReason: "the session's limit 0.50 USDC: 0.50 staked" }));
      return why;
    };
    const frame = await drawApp(liveSnapshot(now), now, 120, 35, ["S"], { strategy: controller });
    expect(frame.split("\n").at(-1)).toContain("strategy ten stopped again at once: the session's limit 0.50 USDC: 0.50 staked");
  });

  it("a strategy on paper arms at once on mainnet too, and the header does not say ARMED", async () => {
    const { controller, calls } = fakeStrategy("mainnet", {}, true);
    const frame = await drawApp(liveSnapshot(now), now, 120, 35, ["S"], { strategy: controller });
    expect(calls).toEqual([["arm", undefined]]);
    expect(strategyRow(frame)).toMatch(/^STRATEGY ten PAPER/);
    expect(header(frame)).not.toContain("ARMED");
    expect(frame).not.toContain("type its name");
  });
});

describe("S on mainnet", () => {
  it("opens the prompt; a wrong name arms nothing, the right name arms it", async () => {
    const { controller, calls } = fakeStrategy("mainnet");
    let frame = await drawApp(liveSnapshot(now), now, 120, 35, ["S"], { strategy: controller });
    // arm() without the name said why not: the prompt asks for it.
    expect(calls).toEqual([["arm", undefined]]);
    expect(strategyRow(frame)).toMatch(/^arm "ten" on MAINNET: type its name and Enter \[ +\] {2}Esc cancels/);
    expect(frame.split("\n").at(-1)).toMatch(/^Enter arm {2}Esc cancel/);
    frame = await press("tne", ENTER);
    expect(calls).toEqual([["arm", undefined]]);
    expect(strategyRow(frame)).toContain('"tne" is not its name: nothing armed');
    frame = await press(BACKSPACE, BACKSPACE, "en", ENTER);
    expect(calls).toEqual([
      ["arm", undefined],
      ["arm", "ten"],
    ]);
    expect(strategyRow(frame)).toMatch(/^STRATEGY ten ARMED/);
    expect(header(frame)).toContain("ARMED ten");
    expect(frame.split("\n").at(-1)).toContain("strategy ten armed on MAINNET");
  });

  it("q typed in the prompt is text, not quit; S is text too; Esc cancels, arming nothing", async () => {
    const { controller, calls } = fakeStrategy("mainnet");
    await drawApp(liveSnapshot(now), now, 120, 35, ["S", "q", "S"], { strategy: controller });
    expect(strategyRow(drawn()!.text())).toMatch(/\[qS +\]/);
    const frame = await press(ESC);
    expect(strategyRow(frame)).toMatch(/^STRATEGY ten PAUSED/);
    expect(frame.split("\n").at(-1)).toContain("nothing armed");
    expect(calls).toEqual([["arm", undefined]]);
  });

  it("takes a paste into the name", async () => {
    const { controller, calls } = fakeStrategy("mainnet");
    await drawApp(liveSnapshot(now), now, 120, 35, ["S", "\u001b[200~ten\u001b[201~", ENTER], { strategy: controller });
    expect(calls.at(-1)).toEqual(["arm", "ten"]);
  });
});

describe("every frame fits", () => {
  it.each([
    [60, 15],
    [80, 18],
    [90, 20],
    [120, 35],
    [200, 50],
  ])("at %ix%i: the line, the prompt, armed on mainnet, the help", async (cols, rows) => {
    const { controller } = fakeStrategy("mainnet", {
      next: { reason: "#489887 opens in 0:04, placing from its start", until: now + 4_000 },
    });
    const mainnet = liveSnapshot(now, { target: { ...target, network: "mainnet" } });
    let frame = await drawApp(mainnet, now, cols, rows, [], { strategy: controller });
    expect(frame.split("\n")).toHaveLength(rows - 1);
    expect(strategyRow(frame)).toMatch(/ten PAUSED · (#489886 )?2\/3 · session 0\.45( of |\/)0\.50.* · net -0\.14/);
    expect(frame.split("\n").at(-1)).toMatch(/^q quit/);
    expectFits(frame, cols, rows);
    frame = await press("S");
    expect(strategyRow(frame)).toMatch(
      cols >= 80 ? /^arm "ten" on MAINNET: type its name and Enter \[ +\]/ : /^MAINNET: type "ten" to arm \[ +\]/,
    );
    expectFits(frame, cols, rows);
    frame = await press("x", ENTER);
    expect(strategyRow(frame)).toContain('"x" is not its');
    frame = await press(BACKSPACE);
    frame = await press("ten", ENTER);
    expect(header(frame)).toContain("ARMED");
    expect(header(frame)).toContain("MAINNET");
    expectFits(frame, cols, rows);
    frame = await press("?");
    expectFits(frame, cols, rows);
  });
});

describe("the help and the footer", () => {
  it("list the key, and the prompt's keys under their title", async () => {
    const { controller } = fakeStrategy();
    const frame = flat(await drawApp(liveSnapshot(now), now, 120, 100, ["?"], { strategy: controller }));
    expect(frame).toContain("S arm or pause the strategy (on mainnet, arming asks for its name)");
    expect(frame).toContain("ARMING A STRATEGY ON MAINNET (S)");
    expect(frame).toContain("Enter arm the strategy, if the name typed is its name");
  });

  it("offer S where there is room while a strategy runs", async () => {
    const { controller } = fakeStrategy();
    const frame = await drawApp(liveSnapshot(now), now, 200, 40, [], { strategy: controller });
    expect(frame.split("\n").at(-1)).toMatch(/S strategy/);
  });
});

describe("without a strategy", () => {
  it("draws no line, and S says there is none and how to declare one", async () => {
    const plain = await drawApp(liveSnapshot(now), now, 80, 24, []);
    expect(plain).not.toContain("STRATEGY");
    expect(plain.split("\n").at(-1)).not.toMatch(/S strategy/);
    const frame = await press("S");
    expect(frame.split("\n").at(-1)).toContain("no strategy for this market: [[strategy]] in the config file, docs/strategies.md");
  });
});
