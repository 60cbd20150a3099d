export * from "ansi-tokenize-upstream";
export declare const MAX_LINES: number;
export declare function rememberedLines(): number;
