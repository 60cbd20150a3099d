// Preloaded into the dashboard by the benches (NODE_OPTIONS=--require): notes, once, when the first
// frame that holds the game pane is written, in ms since the process started, with the process's CPU
// ms by then. From inside the process, so no polling of the terminal competes with the launch.
const { appendFileSync } = require("node:fs");

const file = process.env.SPOTDASH_FIRST_FRAME_FILE;
if (file) {
  const write = process.stdout.write;
  process.stdout.write = function (chunk, ...rest) {
    if (String(chunk).includes("GAME ")) {
      process.stdout.write = write;
      const cpu = process.cpuUsage();
      appendFileSync(file, `${performance.now().toFixed(1)} ${((cpu.user + cpu.system) / 1000).toFixed(1)}\n`);
    }
    return write.call(this, chunk, ...rest);
  };
}
