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

export interface FullScreen {
  /** Idempotent: restores the normal screen once, whatever called it first. */
  restore(): void;
}

export function enterFullScreen(stdout: NodeJS.WriteStream): FullScreen {
  if (!stdout.isTTY) return { restore() {} };
  stdout.write(ENTER_ALT + HIDE_CURSOR + PASTE_ON);
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    stdout.write(PASTE_OFF + SHOW_CURSOR + LEAVE_ALT);
  };
  // Last resort: even a process.exit() from deep inside leaves the screen usable.
  process.once("exit", restore);
  return { restore };
}
