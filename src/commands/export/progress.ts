/**
 * A progress line on stderr while a long read runs, only when stderr is a
 * terminal (a script reading stderr gets nothing it did not ask for):
 * rewritten in place, erased at the end.
 */
import type { Writable } from "../io.js";

const WIDTH = 24;

export class ProgressBar {
  private readonly tty: boolean;
  private shown = false;

  constructor(
    private readonly stream: Writable,
    private readonly label: string,
  ) {
    this.tty = (stream as { isTTY?: boolean }).isTTY === true;
  }

  show(done: number, total: number | null): void {
    if (!this.tty) return;
    this.shown = true;
    if (total === null || total <= 0) {
      this.stream.write(`\r\x1b[K${this.label}: ${done} games`);
      return;
    }
    const filled = Math.min(WIDTH, Math.round((done / total) * WIDTH));
    this.stream.write(
      `\r\x1b[K${this.label} ${"█".repeat(filled)}${"░".repeat(WIDTH - filled)} ${Math.min(done, total)} of ${total} games`,
    );
  }

  clear(): void {
    if (this.shown) this.stream.write("\r\x1b[K");
    this.shown = false;
  }
}
