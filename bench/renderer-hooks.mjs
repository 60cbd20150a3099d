/** The module hooks of bench/renderer-variant.mjs (they run on the loader thread). */

import { fileURLToPath } from "node:url";
import { inkSwapFor } from "../scripts/ink-swaps.mjs";

let variant = "shipped";
export function initialize(data) {
  variant = data.variant;
}

const compiled = (replacement) => new URL(`../.bench-build/${replacement}.js`, import.meta.url).href;

export async function resolve(specifier, context, next) {
  const importer = context.parentURL?.startsWith("file:") ? fileURLToPath(context.parentURL) : undefined;
  const swap = inkSwapFor(specifier, importer);
  if (swap !== undefined && variant === "shipped") return { url: compiled(swap.replacement), shortCircuit: true };
  if (specifier === "@alcalzone/ansi-tokenize" && variant === "stock") return next("ansi-tokenize-upstream", context);
  return next(specifier, context);
}
