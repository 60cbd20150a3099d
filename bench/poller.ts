/**
 * npm run bench:poller [-- --duration 120 --interval 60]
 *
 * The real poller against the sim in strict rate-limit mode (≤ 1 request/s
 * per key), holding one position in every game, side by side with a
 * baseline that behaves like the official bot (all four reads at once every
 * 5 s) on its own key. Prints the request budget and freshness figures
 * recorded in BENCHMARKS.md.
 */
import { ApiClient } from "../src/api/client.js";
import { type Interval, isInterval } from "../src/domain/rules.js";
import { Poller } from "../src/poller/poller.js";
import { startSim } from "../src/sim/index.js";
import { counting } from "./counting.js";
import { flag, maxInWindow, minGap, summary } from "./stats.js";

const durationS = flag("duration", 120);
const intervalFlag = flag("interval", 60);
if (!isInterval(intervalFlag)) throw new Error("--interval must be 10, 60, 3600 or 86400");
const interval: Interval = intervalFlag;
const keys = [`metafide_${"a".repeat(32)}`, `metafide_${"b".repeat(32)}`] as const;

/** Balance, spot, price and status fired together every 5 s, as the official bot loop does. */
function officialBot(client: ApiClient, target: { asset: string; interval: Interval; network: "testnet" }) {
  const bot = counting(client);
  const state = { price: undefined as { timestamp: number | null } | undefined, status: undefined as number | undefined };
  const figures = { priceAges: [] as number[], statusAges: [] as number[], balanceLags: [] as number[], clockErrors: [] as number[] };
  const q = { asset: target.asset, interval: target.interval, network: target.network };
  const tick = () => {
    void bot.c.getUserBalance({ currency: "USDC", network: target.network }).catch(() => undefined);
    void bot.c.getSpot(q).catch(() => undefined);
    void bot.c.getLivePrice({ asset: target.asset }).then(
      (p) => (state.price = p),
      () => undefined,
    );
    void bot.c.getStatus({ ...q, token: "USDC" }).then(
      () => (state.status = Date.now()),
      () => undefined,
    );
  };
  tick();
  const timer = setInterval(tick, 5_000);
  return {
    sample(simNow: number) {
      if (state.price?.timestamp != null) figures.priceAges.push(simNow - state.price.timestamp);
      if (state.status !== undefined) figures.statusAges.push(simNow - state.status);
      // It has no clock model: its countdowns run on the local clock.
      figures.clockErrors.push(Math.abs(Date.now() - simNow));
    },
    stop: () => clearInterval(timer),
    result: () => ({ starts: bot.starts, limited: bot.limited(), ...figures }),
  };
}

function report(
  name: string,
  r: { starts: number[]; limited: number; priceAges: number[]; statusAges: number[]; balanceLags: number[]; clockErrors: number[] },
) {
  console.log(`\n${name}`);
  console.log(`  requests                 ${r.starts.length} in ${durationS} s`);
  console.log(`  smallest gap             ${minGap(r.starts)} ms`);
  console.log(`  most starts in any 1 s   ${maxInWindow(r.starts, 1000)}`);
  console.log(`  most starts in any 10 s  ${maxInWindow(r.starts, 10_000)}`);
  console.log(`  429 responses            ${r.limited}`);
  console.log(
    `  displayed price age      ${r.priceAges.length ? summary(r.priceAges) : "never had a price (every price request was refused)"}`,
  );
  console.log(`  status age (holding)     ${summary(r.statusAges)}`);
  console.log(`  balance after placement  ${summary(r.balanceLags)}`);
  console.log(`  countdown clock error    ${summary(r.clockErrors)}`);
}

async function main() {
  const sim = await startSim({ port: 0, rateLimit: "strict", seed: 42, keys: [...keys] });
  const target = { asset: "BTC_USDT", interval, network: "testnet" as const, currency: "USDC" };

  // --- spotdash's poller -------------------------------------------------------
  const ours = counting(new ApiClient({ url: sim.url, apiKey: keys[0] }));
  const poller = new Poller({
    client: ours.c,
    target,
    wallet: sim.wallets[keys[0]],
    onRequest: process.env.BENCH_TRACE ? (k) => process.stdout.write(`${k.slice(0, 2)} `) : undefined,
  });
  const mine = { priceAges: [] as number[], statusAges: [] as number[], balanceLags: [] as number[], clockErrors: [] as number[] };
  let placedGid: string | undefined;
  let placing = false;
  const placements: number[] = [];
  poller.start();

  // --- the official bot's shape: four reads at once every 5 s, on the strict sim and on one with the real limits
  const strictBot = officialBot(new ApiClient({ url: sim.url, apiKey: keys[1] }), target);
  const realSim = await startSim({ port: 0, rateLimit: "real", seed: 42, keys: [keys[1]] });
  const realBot = officialBot(new ApiClient({ url: realSim.url, apiKey: keys[1] }), target);

  const started = Date.now();
  const sampler = setInterval(() => {
    const s = poller.snapshot;
    const simNow = sim.clock.now();
    if (s.price?.value.timestamp != null) mine.priceAges.push(simNow - s.price.value.timestamp);
    const gid = s.listing?.value.liveGame?.gid;
    // Held = the screen shows projected winnings for it, i.e. /status has reported it.
    const held = gid !== undefined && (s.status?.value.positions.some((p) => p.gid === gid) ?? false);
    if (held && s.status) mine.statusAges.push(simNow - s.status.at);
    if (s.listing) mine.clockErrors.push(Math.abs(poller.serverNow() - simNow));
    strictBot.sample(simNow);
    realBot.sample(realSim.clock.now());

    // Hold one position in every game, placed a few seconds in, as a person would.
    const live = s.listing?.value.liveGame;
    const now = poller.serverNow();
    if (
      live &&
      gid !== placedGid &&
      !placing &&
      s.listing?.value.can_place_position === true &&
      s.price &&
      now >= live.start_at + 4_000 &&
      now < live.closes_at - 2_000
    ) {
      placing = true;
      const sp = s.price.value.value.toDecimalPlaces(0).toFixed();
      void poller.place({ gid: live.gid, sp, f: "1" }).then((o) => {
        placing = false;
        if (o.kind === "placed") {
          placedGid = live.gid;
          placements.push(sim.clock.now());
        }
      });
    }
  }, 1_000);

  // Balance freshness after each placement: when did a balance newer than it arrive?
  poller.store.subscribe(() => {
    const b = poller.snapshot.balance;
    while (placements.length > 0 && b && b.at >= placements[0]!) mine.balanceLags.push(b.at - placements.shift()!);
  });

  await new Promise((r) => setTimeout(r, durationS * 1000));
  clearInterval(sampler);
  strictBot.stop();
  realBot.stop();
  poller.stop();
  console.log(
    `bench:poller — ${durationS} s, ${interval} s games, sim in strict mode (1 request/s per key), ${((Date.now() - started) / 1000).toFixed(0)} s wall`,
  );
  report("spotdash poller (one position held per game)", { starts: ours.starts, limited: ours.limited(), ...mine });
  report("baseline: official bot shape (balance, spot, price, status together every 5 s), same strict sim", strictBot.result());
  report("baseline: official bot shape against the sim with the real per-minute limits", realBot.result());
  await sim.close();
  await realSim.close();
  process.exit(0);
}

void main();
