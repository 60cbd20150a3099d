/**
 * Colour and glyph choices in one place, so NO_COLOR / --no-color and
 * --ascii switch the whole screen at once.
 */
import { createContext, useContext } from "react";

export interface Theme {
  color: boolean;
  ascii: boolean;
}

export const ThemeContext = createContext<Theme>({ color: true, ascii: false });

export function useTheme(): Theme {
  return useContext(ThemeContext);
}

export type Tone = "up" | "down" | "warn" | "bad" | "good" | "dim" | "accent" | "mainnet";

/** A move's tone by its sign (a number, or a Decimal's comparison with 0). */
export function signTone(sign: number): Tone {
  return sign > 0 ? "up" : sign < 0 ? "down" : "dim";
}

/** Ink colour names; spans.ts turns them into escape codes for Lines. */
export const TONES: Record<Tone, string> = {
  up: "green",
  down: "red",
  warn: "yellow",
  bad: "red",
  good: "green",
  dim: "gray",
  accent: "cyan",
  mainnet: "red",
};

/** A colour for Ink's `color` prop, or undefined when colour is off. */
export function tone(theme: Theme, t: Tone): string | undefined {
  return theme.color ? TONES[t] : undefined;
}

export function glyphs(theme: Theme) {
  return theme.ascii
    ? { bar: "#", barEmpty: "-", border: "classic" as const, sep: "|" }
    : { bar: "█", barEmpty: "░", border: "round" as const, sep: "│" };
}
