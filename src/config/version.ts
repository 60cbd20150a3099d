/**
 * --help and --version both name the version, and it must be the one in
 * package.json rather than a copy that drifts. The file is found relative to
 * this module, which sits at a different depth in the sources (src/config/)
 * than in the bundle (dist/ or dist/chunks/), so each depth is tried.
 */
import { readFileSync } from "node:fs";

const PACKAGE_JSON_PLACES = ["../package.json", "../../package.json"];

/** The version in package.json; "unknown" when it cannot be found or read. */
export function packageVersion(): string {
  for (const place of PACKAGE_JSON_PLACES) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(place, import.meta.url), "utf8")) as { version?: unknown };
      return typeof pkg.version === "string" ? pkg.version : "unknown";
    } catch {
      // Not at this depth: try the next.
    }
  }
  return "unknown";
}
