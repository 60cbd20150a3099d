/**
 * Colour and glyph choices in one place, so NO_COLOR / --no-color, --theme
 * and --ascii switch the whole screen at once. A theme is a palette: the
 * colour of each tone (docs/config.md, "Themes").
 */
import { createContext, useContext } from "react";
import { PALETTES, type Palette, type Tone } from "./palettes.js";

export interface Theme {
  color: boolean;
  ascii: boolean;
  /** The tones' colours: the dark theme's unless given. */
  palette?: Palette;
}

export const ThemeContext = createContext<Theme>({ color: true, ascii: false });

export function useTheme(): Theme {
  return useContext(ThemeContext);
}

/** A move's tone by its sign (a number, or a Decimal's comparison with 0). */
export function signTone(sign: number): Tone {
  return sign > 0 ? "up" : sign < 0 ? "down" : "dim";
}

/** The tones' colours of a theme. */
export function paletteOf(theme: Theme): Palette {
  return theme.palette ?? PALETTES.dark;
}

/** A colour for Ink's `color` prop, or undefined when colour is off. */
export function tone(theme: Theme, t: Tone): string | undefined {
  return theme.color ? paletteOf(theme)[t] : undefined;
}

export function glyphs(theme: Theme) {
  return theme.ascii
    ? { bar: "#", barEmpty: "-", border: "classic" as const, sep: "|" }
    : { bar: "█", barEmpty: "░", border: "round" as const, sep: "│" };
}
