/** Polls a condition of the code under test until it holds, or fails after `ms`, saying what `explain` returns. */
export async function until(check: () => boolean, ms = 15_000, explain?: () => string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`condition not reached in time${explain ? `:\n${explain()}` : ""}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
