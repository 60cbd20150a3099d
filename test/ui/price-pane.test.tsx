/**
 * The price pane through the shipped renderer, at the widths the dashboard
 * gives it (80, 120 and 200 columns), with colour, without, and in ASCII.
 */

import { afterEach, describe, expect, it } from "vitest";
import { Decimal } from "../../src/domain/money.js";
import { PriceSeries } from "../../src/domain/price-series.js";
import type { ChartWindow } from "../../src/ui/chart/scales.js";
import { PricePane } from "../../src/ui/dashboard/panes/PricePane.js";
import { ThemeContext } from "../../src/ui/theme.js";
import { listing } from "../helpers/fixtures.js";
import { renderAt, tick } from "../helpers/ink.js";

const START = Date.UTC(2026, 10, 22, 12, 0, 0);
const NOW = START + 40_000;
const live = listing({ start: START, now: NOW, gid: "489886" }).liveGame!;
const open = live.open_price as Decimal;
/** 40 s of the game, a price a second, drifting up from the open; nothing between 15 and 25 s. */
const prices = PriceSeries.of(
  Array.from({ length: 40 }, (_, i) => ({ t: START + i * 1000, value: open.toNumber() + i * 1.5 - 10 })).filter(
    (p) => p.t < START + 15_000 || p.t >= START + 25_000,
  ),
);
const price = new Decimal(prices.at(-1)!.value.toFixed(2));

let mounted: ReturnType<typeof renderAt> | undefined;
afterEach(() => mounted?.unmount());

async function pane(width: number, height: number, theme = { color: true, ascii: false }, window: ChartWindow = "game", shown = price) {
  mounted = renderAt(
    <ThemeContext.Provider value={theme}>
      <PricePane
        asset="BTC_USDT"
        prices={prices}
        price={shown}
        live={live}
        interval={60}
        strikes={[new Decimal("67050"), new Decimal("66990")]}
        best={{ strike: new Decimal("67050"), winning: true }}
        window={window}
        chartRows={height - 4}
        priceLine
        at={NOW - 500}
        stale={false}
        error={undefined}
        width={width}
        height={height}
        focused={false}
        framed
      />
    </ThemeContext.Provider>,
    width,
    height + 1,
  );
  await tick();
  return { raw: mounted.lastFrame(), text: mounted.text().split("\n").slice(0, height) };
}

describe.each([
  [76, 9],
  [120, 16],
  [200, 30],
])("the price pane at %ix%i", (width, height) => {
  it("draws a labelled braille chart in its frame, every row its width", async () => {
    const { text } = await pane(width, height);
    expect(text[1]).toMatch(/^│ PRICE BTC_USDT {2}game 1m .* │$/);
    for (const row of text) expect([...row].length).toBe(width);
    const body = text.join("\n");
    expect(body).toMatch(/[⠁-⣿]/);
    expect(body).toMatch(/\d{2},\d{3}(\.\d+)?┤/);
    expect(body).toMatch(/0:00 .* lock .*end/);
    expect(body).toContain("◆@67,050");
    expect(body).toContain(`◀${price.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/, ",")}`);
    expect(text.at(-2)).toMatch(/▲ 67,0\d\d\.\d\d {2}[+-][\d.]+ \([+-][\d.]+%\) since open/);
  });

  it("signs a move too small for its share to reach a hundredth of a percent", async () => {
    const { text } = await pane(width, height, undefined, undefined, open.minus("0.96"));
    expect(text.at(-2)).toMatch(/▼ [\d,]+\.\d\d {2}-0\.96 \(-0\.00%\) since open/);
  });

  it("keeps every line apart without colour, and stays ASCII with --ascii", async () => {
    const plain = await pane(width, height, { color: false, ascii: false });
    // No foreground colour (ESC [ 3x m) anywhere in the frame.
    expect(plain.raw).not.toContain("\u001b[3");
    const body = plain.text.join("\n");
    // Four rows of plot put the open on the best strike's row, which is drawn over it (the tag's line is the one seen).
    for (const glyph of height >= 16 ? ["┄", "━", "┆", "◆", "◀"] : ["━", "┆", "◆", "◀"]) expect(body).toContain(glyph);
    const ascii = await pane(width, height, { color: true, ascii: true });
    for (const row of ascii.text) expect(row).toMatch(/^[\x20-\x7e]*$/);
    expect(ascii.text.join("\n")).toMatch(/\$@67,050/);
  });
});

it("leaves the seconds with no price empty", async () => {
  const { text } = await pane(120, 16);
  const plot = text.slice(2, -3).map((r) => r.slice(2));
  const gutter = plot[0]!.search(/[┤│]/) + 1;
  // Seconds 16–24 of the game, on the plot's columns.
  const span = (live.ends_at - live.start_at) / 1000;
  const column = (s: number) => gutter + Math.floor((s / span) * (120 - 4 - gutter - 12));
  const hole = plot.map((r) => [...r].slice(column(16), column(24)).join(""));
  expect(hole.join("")).not.toMatch(/[⠁-⣿]/);
});

it("names the window in its title", async () => {
  const { text } = await pane(120, 16, undefined, "5m");
  expect(text[1]).toContain("PRICE BTC_USDT  last 5m");
});

describe("the price axis", () => {
  /** The pane on a 1 m game `at` ms in, with these prices. */
  const tree = (series: PriceSeries, gameStart = START) => {
    // An asset priced about 1.2, opening and aimed at 1.2345, so that the scale is the line's own.
    const listed = listing({ start: gameStart, now: gameStart + 5_000, gid: "489886" }).liveGame!;
    const game = { ...listed, open_price: new Decimal("1.2345"), ai_price: new Decimal("1.2345") };
    return (
      <ThemeContext.Provider value={{ color: false, ascii: false }}>
        <PricePane
          asset="BTC_USDT"
          prices={series}
          price={new Decimal(series.at(-1)!.value)}
          live={game}
          interval={60}
          strikes={[]}
          best={undefined}
          window="game"
          chartRows={10}
          priceLine
          at={gameStart + 5_000}
          stale={false}
          error={undefined}
          width={80}
          height={14}
          focused={false}
          framed
        />
      </ThemeContext.Provider>
    );
  };
  /** The column of the axis on each plot row: where the labels end. */
  const axisColumns = (text: string) =>
    new Set(
      text
        .split("\n")
        .slice(2, 11)
        // Past the pane's own border and its padding: the first line drawn down is the axis.
        .map((row) => row.slice(2).search(/[┤│]/u) + 2),
    );
  const near = (from: number, values: number[]) => PriceSeries.of(values.map((value, i) => ({ t: from + i * 1000, value })));

  it("shows at least a ten-thousandth of the price: a game's first prices, cents apart, are not labelled in cents", async () => {
    const base = open.toNumber();
    mounted = renderAt(tree(near(START, [base, base + 0.4])), 80, 15);
    await tick();
    const labels = mounted.text().match(/[\d,.]+(?=┤)/g) ?? [];
    expect(labels.length).toBeGreaterThan(1);
    for (const l of labels) expect(l, mounted.text()).toMatch(/^\d{2},\d{3}$/);
  });

  it("keeps its labels' room through a game, so a shorter label does not move the plot", async () => {
    const base = 1.2345;
    // Two prices a ten-thousandth apart: ticks in hundred-thousandths ("1.23452"); then three tenths apart: in hundredths ("1.35").
    mounted = renderAt(tree(near(START, [base, base + 0.0001])), 80, 15);
    await tick();
    const first = axisColumns(mounted.text());
    expect(mounted.text(), mounted.text()).toMatch(/\.\d{4,}┤/);
    mounted.instance.rerender(tree(near(START, [base, base + 0.0001, base + 0.3])));
    await tick();
    expect(mounted.text(), mounted.text()).not.toMatch(/\.\d{3,}┤/);
    expect(axisColumns(mounted.text())).toEqual(first);
    // A new game starts the axis afresh: its labels take what they need.
    mounted.instance.rerender(tree(near(START + 60_000, [base, base + 0.3]), START + 60_000));
    await tick();
    const next = [...axisColumns(mounted.text())][0]!;
    expect(next).toBeLessThan([...first][0]!);
  });
});
