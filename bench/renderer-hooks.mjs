/** The module hooks of bench/renderer-variant.mjs (they run on the loader thread). */

import { fileURLToPath } from "node:url";
import { inkSwapFor } from "../scripts/ink-swaps.mjs";

let variant = "shipped";
export function initialize(data) {
  variant = data.variant;
}

const compiled = (replacement) => new URL(`../.bench-build/${replacement}.js`, import.meta.url).href;

// src/ui/renderer/sanitize-ansi.ts imports Ink's own sanitiser by its path from src/, one level short from .bench-build/src/.
const INK_SANITIZER = /[\\/]node_modules[\\/]ink[\\/]build[\\/]sanitize-ansi\.js$/;
const inkSanitizer = new URL("../node_modules/ink/build/sanitize-ansi.js", import.meta.url).href;

export async function resolve(specifier, context, next) {
  const importer = context.parentURL?.startsWith("file:") ? fileURLToPath(context.parentURL) : undefined;
  if (INK_SANITIZER.test(specifier)) return { url: inkSanitizer, shortCircuit: true };
  const swap = inkSwapFor(specifier, importer);
  if (swap !== undefined && variant === "shipped") return { url: compiled(swap.replacement), shortCircuit: true };
  if (specifier === "@alcalzone/ansi-tokenize" && variant === "stock") return next("ansi-tokenize-upstream", context);
  return next(specifier, context);
}
