/** The diagnostics view (D) at the widths traders keep it, through the shipped renderer. */
import { afterEach, describe, expect, it } from "vitest";
import type { Snapshot } from "../../src/poller/snapshot.js";
import { DiagnosticsView } from "../../src/ui/overlays/DiagnosticsView.js";
import { ThemeContext } from "../../src/ui/theme.js";
import { renderAt, tick } from "../helpers/ink.js";

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const diagnostics: Snapshot["diagnostics"] = {
  spot: { requests: 3, failures: 0, okAt: NOW - 2000 },
  price: {
    requests: 12,
    failures: 2,
    okAt: NOW - 9000,
    retryAt: NOW + 1500,
    lastError: { kind: "server", message: "HTTP 503", at: NOW - 500 },
  },
  balance: { requests: 2, failures: 0, okAt: NOW - 4000 },
  status: { requests: 4, failures: 0, okAt: NOW - 1000 },
};
const errors: Snapshot["errors"] = { price: { kind: "server", message: "HTTP 503", at: NOW - 500 } };

let mounted: ReturnType<typeof renderAt> | undefined;
afterEach(() => mounted?.unmount());

async function view(width: number, height: number): Promise<string[]> {
  mounted = renderAt(
    <ThemeContext.Provider value={{ color: true, ascii: false }}>
      <DiagnosticsView
        diagnostics={diagnostics}
        errors={errors}
        connection={{ state: "degraded", retryAt: NOW + 1500, reason: "HTTP 503" }}
        backend="127.0.0.1:8799"
        clockOffset={-20}
        localNow={NOW}
        width={width}
        height={height}
      />
    </ThemeContext.Provider>,
    width,
    height + 1,
  );
  await tick();
  return mounted
    .text()
    .split("\n")
    .slice(1, height - 1);
}

describe("the diagnostics view", () => {
  it.each([60, 80])("at %i columns keeps each line's parts whole: nothing is cut mid-word", async (width) => {
    const rows = await view(width, 15);
    expect(rows.filter((r) => r.includes("…"))).toEqual([]);
    expect(rows[0]).toMatch(/^│ DIAGNOSTICS D or Esc closes( · spotdash doctor checks the service)? +│$/);
    expect(rows[1]).toMatch(/^│ 127\.0\.0\.1:8799 · connection degraded( · server clock -0\.0 s( from ours)?)? +│$/);
    const price = rows.find((r) => r.includes("GET /live-price"))!;
    // The wide table where "failing, retry in 2 s" fits whole beside it; else short titles and "failing" alone.
    if (width >= 72) expect(price).toMatch(/GET \/live-price +12 +2 +11:59:51 +failing, retry in 2 s +│$/);
    else expect(price).toMatch(/GET \/live-price +12 +2 +11:59:51 failing +│$/);
    expect(rows.find((r) => r.includes("GET /results"))).toMatch(/not asked yet +│$/);
  });

  it("at 120 columns says everything: every hint, the server clock, the retry", async () => {
    const rows = await view(120, 15);
    expect(rows[0]).toContain("D or Esc closes · spotdash doctor checks the service · --debug-log FILE records every exchange");
    expect(rows[1]).toContain("server clock -0.0 s from ours");
    expect(rows[2]).toMatch(/CALL +REQUESTS +FAILED +LAST OK +NOW/);
  });
});
