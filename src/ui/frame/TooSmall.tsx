import { Box, Text } from "ink";
import { MIN_COLS, MIN_ROWS } from "../layout.js";

export function TooSmall(p: { cols: number; rows: number }) {
  return (
    <Box flexDirection="column" width={Math.max(1, p.cols)}>
      <Text wrap="wrap">
        terminal too small: need {MIN_COLS}×{MIN_ROWS}, have {p.cols}×{p.rows}
      </Text>
      <Text wrap="wrap">enlarge the window or press q to quit</Text>
    </Box>
  );
}
