/**
 * The themes: each a palette, the colour of each tone. No React here: the
 * configuration reads the theme names at every start, whatever the command.
 */

export type Tone = "up" | "down" | "warn" | "bad" | "good" | "dim" | "accent" | "mainnet";

/** Each tone's colour as Ink's `color` prop takes it (a name, or ansi256(N)); spans.ts turns them into escape codes for Lines. */
export type Palette = Readonly<Record<Tone, string>>;

export const THEMES = ["dark", "light", "high-contrast", "colorblind"] as const;
export type ThemeName = (typeof THEMES)[number];

/** The 256-colour palette's blue and orange: apart for every kind of red–green colour blindness. */
const BLUE = "ansi256(33)";
const ORANGE = "ansi256(208)";

export const PALETTES: Record<ThemeName, Palette> = {
  dark: { up: "green", down: "red", warn: "yellow", bad: "red", good: "green", dim: "gray", accent: "cyan", mainnet: "red" },
  // Yellow and cyan fade on a white background: a dark orange and blue in their place.
  light: { up: "green", down: "red", warn: "ansi256(130)", bad: "red", good: "green", dim: "gray", accent: "blue", mainnet: "red" },
  // The bright colours, and white for what is otherwise grey.
  "high-contrast": {
    up: "greenBright",
    down: "redBright",
    warn: "yellowBright",
    bad: "redBright",
    good: "greenBright",
    dim: "white",
    accent: "cyanBright",
    mainnet: "redBright",
  },
  // Up and down, good and bad in blue and orange, never red and green.
  colorblind: { up: BLUE, down: ORANGE, warn: "yellow", bad: ORANGE, good: BLUE, dim: "gray", accent: "magenta", mainnet: ORANGE },
};
