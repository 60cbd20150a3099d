/**
 * node --import ./bench/renderer-variant.mjs …: loads Ink with the modules
 * the bundle ships (scripts/ink-swaps.mjs), or, with RENDERER set, without
 * some of them, so that bench:render can say what each one earns:
 *
 *   RENDERER=shipped    our Output and the remembering tokenizer (the default: what ships)
 *   RENDERER=tokenizer  Ink's own Output, the remembering tokenizer
 *   RENDERER=stock      Ink's own Output and the upstream tokenizer
 */
import { register } from "node:module";

const variant = process.env.RENDERER ?? "shipped";
if (!["shipped", "tokenizer", "stock"].includes(variant)) throw new Error(`RENDERER must be shipped, tokenizer or stock, got ${variant}`);
register("./renderer-hooks.mjs", import.meta.url, { data: { variant } });
