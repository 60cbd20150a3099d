export interface InkSwap {
  /** The Ink module (in ink/build/) that imports the replaced one. */
  importer: string;
  /** The replaced module, as Ink imports it ("./output.js"). */
  module: string;
  /** Ours, from the project root, without its extension. */
  replacement: string;
}
export declare const INK_SWAPS: readonly InkSwap[];
export declare function inkSwapFor(specifier: string, importer: string | undefined): InkSwap | undefined;
