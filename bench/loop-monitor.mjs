// Preloaded into the sim's process by bench:sim (node --import): the event
// loop's longest delay since the last report, written to stderr on SIGUSR2.
import { monitorEventLoopDelay } from "node:perf_hooks";

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
process.on("SIGUSR2", () => {
  process.stderr.write(`loop-delay-max-ms ${(delay.max / 1e6).toFixed(1)}\n`);
  delay.reset();
});
