import { useStdout } from "ink";
import { useEffect, useState } from "react";

export interface TerminalSize {
  cols: number;
  rows: number;
}

function sizeOf(stdout: NodeJS.WriteStream): TerminalSize {
  return { cols: stdout.columns || 80, rows: stdout.rows || 24 };
}

/** Ink 6 has no size hook; follow stdout's resize events. Test streams have no `rows`: assume 80x24. */
export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => sizeOf(stdout));
  useEffect(() => {
    const onResize = () => setSize(sizeOf(stdout));
    stdout.on("resize", onResize);
    return () => {
      stdout.off("resize", onResize);
    };
  }, [stdout]);
  return size;
}
