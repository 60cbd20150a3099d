/** ui/terminal.ts: the modes the dashboard turns on are turned off again, focus reports among them. */
import { describe, expect, it } from "vitest";
import { enterFullScreen } from "../../src/ui/terminal.js";

function fakeStdout(isTTY = true) {
  const writes: string[] = [];
  const stdout = { isTTY, write: (s: string) => writes.push(s) > 0 } as unknown as NodeJS.WriteStream;
  return { stdout, writes };
}

describe("full screen", () => {
  it("asks for focus reports only when told, and stops them on restore, once", () => {
    const plain = fakeStdout();
    enterFullScreen(plain.stdout).restore();
    expect(plain.writes.join("")).not.toContain("\x1b[?1004");

    const focus = fakeStdout();
    const screen = enterFullScreen(focus.stdout, { focusEvents: true });
    expect(focus.writes.join("")).toContain("\x1b[?1004h");
    screen.restore();
    screen.restore();
    const out = focus.writes.join("");
    expect(out.split("\x1b[?1004l")).toHaveLength(2);
    // Turned off before the alternate screen is left: the shell never gets a report.
    expect(out.indexOf("\x1b[?1004l")).toBeLessThan(out.indexOf("\x1b[?1049l"));
  });

  it("writes nothing to what is not a terminal", () => {
    const pipe = fakeStdout(false);
    enterFullScreen(pipe.stdout, { focusEvents: true }).restore();
    expect(pipe.writes).toEqual([]);
  });
});
