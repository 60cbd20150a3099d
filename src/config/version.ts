/**
 * The version --help and --version name: package.json's, compiled into the
 * bundle by scripts/bundle.mjs (and into the tests by vitest.config.ts), so
 * that an installed copy knows it wherever its files end up.
 */
declare const SPOTDASH_VERSION: string | undefined;

/** package.json's version; "unknown" only where the sources run uncompiled (the benches). */
export const VERSION: string = typeof SPOTDASH_VERSION === "string" ? SPOTDASH_VERSION : "unknown";
