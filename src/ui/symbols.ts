/**
 * Every mark the dashboard draws that stands for something, with its one
 * meaning: the panes draw them from here, the help overlay lists them from
 * here, and docs/glance.md's table is checked against this list.
 *
 * ASCII mode (SPOTDASH_ASCII, or a terminal without UTF-8) has its own
 * spelling of each, no two alike either.
 */
export interface SymbolMeaning {
  glyph: string;
  ascii: string;
  meaning: string;
}

export const SYMBOLS = {
  up: { glyph: "▲", ascii: "^", meaning: "the price is above the game's open (its colour says the same)" },
  down: { glyph: "▼", ascii: "v", meaning: "the price is below the game's open" },
  signed: { glyph: "+ -", ascii: "+ -", meaning: "a signed distance or amount: price − strike, a move, a net" },
  above: { glyph: "↑", ascii: "above ", meaning: "a line left off the chart lies above it (its distance follows)" },
  below: { glyph: "↓", ascii: "below ", meaning: "a line left off the chart lies below it" },
  winning: { glyph: "◆", ascii: "$", meaning: "a position winning now: its projected net is above 0" },
  streak: {
    glyph: "★",
    ascii: "*",
    meaning:
      "the run of winning positions this one would make if the game settled now, as /status reports it (★2 wins on track): positions, not games; nothing else",
  },
  live: { glyph: "●", ascii: "o", meaning: "the service is answering (the header's connection state)" },
  focus: { glyph: "▸", ascii: ">", meaning: "the pane, row or game that the keys act on" },
  price: { glyph: "◀", ascii: "<", meaning: "the chart's tag for the latest price, on its row" },
} as const satisfies Record<string, SymbolMeaning>;

export type SymbolName = keyof typeof SYMBOLS;

/** The mark as this terminal draws it. */
export function mark(name: SymbolName, ascii: boolean): string {
  return ascii ? SYMBOLS[name].ascii : SYMBOLS[name].glyph;
}
