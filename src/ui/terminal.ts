/**
 * The alternate screen, entered on start and left on every way out (q,
 * Ctrl+C, SIGTERM, a crash), so the trader's shell comes back as it was.
 * Ink 6 has no option for it, so we write the sequences ourselves.
 */
const ENTER_ALT = "\u001b[?1049h\u001b[H";
const LEAVE_ALT = "\u001b[?1049l";
const HIDE_CURSOR = "\u001b[?25l";
const SHOW_CURSOR = "\u001b[?25h";
/** Bracketed paste: a paste arrives between markers, as one event, not as a flood of keys. */
const PASTE_ON = "\u001b[?2004h";
const PASTE_OFF = "\u001b[?2004l";
/** Focus reporting: the terminal sends CSI I / CSI O as the pane gains and loses focus (input/key-reader.ts reads them). */
const FOCUS_ON = "\u001b[?1004h";
const FOCUS_OFF = "\u001b[?1004l";

export interface FullScreen {
  /** Idempotent: restores the normal screen once, whatever called it first. */
  restore(): void;
}

export interface FullScreenOptions {
  /** Ask for focus reports: alerts that reach the trader only while the pane is not focused need them. */
  focusEvents?: boolean;
}

export function enterFullScreen(stdout: NodeJS.WriteStream, opts: FullScreenOptions = {}): FullScreen {
  if (!stdout.isTTY) return { restore() {} };
  // Left on, focus reports would arrive in the trader's shell as "^[[I" typed at the prompt.
  const [focusOn, focusOff] = opts.focusEvents ? [FOCUS_ON, FOCUS_OFF] : ["", ""];
  stdout.write(ENTER_ALT + HIDE_CURSOR + PASTE_ON + focusOn);
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    stdout.write(focusOff + PASTE_OFF + SHOW_CURSOR + LEAVE_ALT);
  };
  // Last resort: even a process.exit() from deep inside leaves the screen usable.
  process.once("exit", restore);
  return { restore };
}
