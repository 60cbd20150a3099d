export * from "ansi-tokenize-upstream";
export declare const MAX_LINES: number;
export declare function rememberedLines(): number;
export declare function styleTransition(
  from: readonly import("ansi-tokenize-upstream").AnsiCode[],
  to: readonly import("ansi-tokenize-upstream").AnsiCode[],
): string;
export declare function styledRuns(str: string): { styles: import("ansi-tokenize-upstream").AnsiCode[]; text: string }[] | undefined;
