/**
 * The poller's one sleep, which an intent can end early: a placement or a
 * Ctrl+R is looked at now, not when the current wait would have run out.
 */
export class WakeableSleep {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private resolve: (() => void) | undefined;

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.resolve = resolve;
      this.timer = setTimeout(resolve, ms);
    });
  }

  wake(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.resolve?.();
  }
}
