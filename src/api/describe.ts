import type * as z from "zod";
import { preview } from "./read/values.js";

/** "liveGame.open_price: expected a decimal string, received 12 (number)" */
export function describeZodIssue(issue: z.core.$ZodIssue, root: unknown): string {
  const path = formatPath(issue.path);
  const value = valueAt(root, issue.path);
  const received = value.found ? `received ${preview(value.value)}` : "field is missing";
  const expected = issue.code === "invalid_type" ? `expected ${issue.expected}` : issue.message;
  return `${path || "(root)"}: ${expected}, ${received}`;
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, seg) => (typeof seg === "number" ? `${acc}[${seg}]` : acc ? `${acc}.${String(seg)}` : String(seg)), "");
}

function valueAt(root: unknown, path: readonly PropertyKey[]): { found: boolean; value?: unknown } {
  let cur: unknown = root;
  for (const seg of path) {
    if (cur === null || typeof cur !== "object" || !(seg in (cur as object))) return { found: false };
    cur = (cur as Record<PropertyKey, unknown>)[seg];
  }
  return { found: true, value: cur };
}
