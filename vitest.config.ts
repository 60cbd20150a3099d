import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.{ts,tsx}"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Colour on, so the tests can see that --no-color really turns it off.
    env: { FORCE_COLOR: "1" },
  },
});
