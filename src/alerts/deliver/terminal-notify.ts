/**
 * What the terminal is sent to reach a trader looking elsewhere: the bell,
 * and a desktop notification in the escape sequence the terminal reads
 * (OSC 9, OSC 777, kitty's OSC 99), wrapped for tmux when inside it.
 * Strings only: delivery.ts writes them. docs/alerts.md ("Delivery") has the
 * table of terminals.
 *
 * Alert text carries what the service sent (asset names, reasons), so every
 * field loses its control characters before it goes into a sequence: an ESC
 * or BEL inside would end the sequence early and the rest would be read as
 * commands to the terminal.
 */
import type { DesktopStyle } from "../rules.js";

const ESC = "\u001b";
const BEL = "\u0007";
/** String terminator: kitty's protocol is specified with it. */
const ST = `${ESC}\\`;

export const BELL = BEL;

/** The sequence a desktop notification is written in; "none" when the terminal is not known to show one. */
export type DesktopSequence = "osc9" | "osc777" | "osc99" | "none";

/** Longer titles and bodies are cut: kitty takes at most 2048 bytes of payload per sequence, and a notification shows a few lines. */
export const TITLE_MAX = 120;
export const BODY_MAX = 500;

/** The text with every control character (C0, DEL, C1: ESC and BEL among them) as a space, on one line, cut to `max` characters. */
export function sanitize(text: string, max: number): string {
  const clean = text
    .replace(/\p{Cc}+/gu, " ")
    .replace(/ {2,}/g, " ")
    .trim();
  const chars = Array.from(clean);
  return chars.length <= max ? clean : `${chars.slice(0, max - 1).join("")}…`;
}

/**
 * OSC 9: one text. ConEmu and Windows Terminal read `9;<number>;…` as
 * commands of their own (4 is progress; ConEmu's 7 runs a program), so text
 * that begins with digits and a `;` has that `;` turned into `:`.
 */
export function osc9(title: string, body: string): string {
  const text = joinTitle(sanitize(title, TITLE_MAX), sanitize(body, BODY_MAX)).replace(/^(\d+);/, "$1:");
  return `${ESC}]9;${text}${BEL}`;
}

/** OSC 777 (foot, VTE, Ghostty): `;` separates title from body, so neither may hold one. */
export function osc777(title: string, body: string): string {
  const field = (text: string, max: number) => sanitize(text, max).replaceAll(";", ",");
  return `${ESC}]777;notify;${field(title, TITLE_MAX)};${field(body, BODY_MAX)}${BEL}`;
}

/**
 * kitty's OSC 99: the title in one sequence held back (d=0), the body in a
 * second that completes it; both under the same id. The payload is all that
 * follows the metadata's `;`, so it may hold `;`; it may not hold C0
 * controls, which sanitize removes. The id allows only [a-zA-Z0-9-_+.].
 */
export function osc99(title: string, body: string, id: string): string {
  const safeId = id.replace(/[^a-zA-Z0-9_+.-]/g, "") || "0";
  const cleanTitle = sanitize(title, TITLE_MAX);
  const cleanBody = sanitize(body, BODY_MAX);
  if (cleanBody === "") return `${ESC}]99;i=${safeId}:d=1:p=title;${cleanTitle}${ST}`;
  return `${ESC}]99;i=${safeId}:d=0:p=title;${cleanTitle}${ST}${ESC}]99;i=${safeId}:d=1:p=body;${cleanBody}${ST}`;
}

/** The notification in the given sequence; "" for none. `id` names it for kitty, which can replace or close it by id. */
export function desktopSequence(style: DesktopSequence, title: string, body: string, id: string): string {
  switch (style) {
    case "osc9":
      return osc9(title, body);
    case "osc777":
      return osc777(title, body);
    case "osc99":
      return osc99(title, body, id);
    case "none":
      return "";
  }
}

/**
 * A sequence for the terminal outside tmux: tmux keeps OSCs to itself
 * unless they come in its DCS passthrough, with every ESC inside doubled
 * (and `allow-passthrough on`, tmux ≥ 3.3). The bell is never wrapped:
 * tmux flags the window on a plain BEL, which is what the trader sees.
 */
export function tmuxPassthrough(sequence: string): string {
  if (sequence === "") return "";
  return `${ESC}Ptmux;${sequence.replaceAll(ESC, ESC + ESC)}${ST}`;
}

/** The environment as desktopStyleFor reads it: process.env, or a table in tests. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** Inside tmux: it sets $TMUX in every pane. */
export function insideTmux(env: Environment): boolean {
  return (env.TMUX ?? "") !== "";
}

/** Terminals that say who they are in $TERM_PROGRAM (outside tmux, which sets its own). */
const OSC9_PROGRAMS = new Set(["iTerm.app", "WezTerm", "ghostty"]);
/** Variables a terminal sets in its shells that tmux's panes inherit from the client that started the server. */
const OSC9_MARKERS = ["WT_SESSION", "ITERM_SESSION_ID", "WEZTERM_PANE", "GHOSTTY_RESOURCES_DIR"];

/**
 * The sequence to write: the setting, or for "auto" the one the terminal
 * reads. What the terminal itself set ($TERM_PROGRAM, $TERM) comes first;
 * inside tmux those are tmux's, and the variables a pane inherited from the
 * outer terminal decide. An unknown terminal gets none: most ignore an OSC
 * they do not know, but not all, and a notification nobody sees helps nobody.
 */
export function desktopStyleFor(setting: DesktopStyle, env: Environment): DesktopSequence {
  if (setting === "off") return "none";
  if (setting !== "auto") return setting;
  const term = env.TERM ?? "";
  const program = env.TERM_PROGRAM ?? "";
  const has = (name: string) => (env[name] ?? "") !== "";
  if (term === "xterm-kitty") return "osc99";
  if (OSC9_PROGRAMS.has(program) || term === "xterm-ghostty" || term === "wezterm") return "osc9";
  if (term.startsWith("foot")) return "osc777";
  if (has("KITTY_WINDOW_ID")) return "osc99";
  if (OSC9_MARKERS.some(has)) return "osc9";
  if (has("VTE_VERSION")) return "osc777";
  return "none";
}

function joinTitle(title: string, body: string): string {
  if (title === "") return body;
  return body === "" ? title : `${title}: ${body}`;
}
