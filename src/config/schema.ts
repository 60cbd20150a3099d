/**
 * What a valid value is, per setting. Every raw value arrives as a string,
 * whether from a flag, a variable, .env or the table's default, and passes
 * through the same schema, so each gets the same checks and messages.
 */

import * as z from "zod";
import { NETWORKS } from "../api/schemas.js";
import { formatInterval, readInterval } from "../domain/format.js";
import { ASSET_RE, INTERVALS } from "../domain/rules.js";
import { LAYOUT_CHOICES } from "../ui/layout.js";
import { THEMES } from "../ui/palettes.js";

const TRUE_WORDS = ["1", "true", "yes", "on"] as const;
const FALSE_WORDS = ["0", "false", "no", "off"] as const;
export const BOOL_MSG = `must be one of ${[...TRUE_WORDS, ...FALSE_WORDS].join(", ")}`;
const INTERVAL_MSG = `must be one of ${INTERVALS.map((i) => formatInterval(i)).join(", ")} or ${INTERVALS.join(", ")} seconds`;
const MAX_RPS_MSG = "must be a number greater than 0 and at most 1 (the service asks for no more than one request per second)";
const PRINTABLE = /^[\x21-\x7e]+$/;

export const boolSetting = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum([...TRUE_WORDS, ...FALSE_WORDS], { error: BOOL_MSG }))
  .transform((v) => (TRUE_WORDS as readonly string[]).includes(v));

function isLoopback(hostname: string): boolean {
  // WHATWG URL already normalised "127.1", "0x7f.0.0.1", "[0:0::1]" and the case.
  return hostname === "localhost" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) || hostname === "[::1]";
}

const urlSetting = z
  .string()
  .trim()
  .transform((text, ctx) => {
    let u: URL;
    try {
      u = new URL(text);
    } catch {
      ctx.addIssue({ code: "custom", message: "must be an absolute URL such as https://api.metafide.io" });
      return z.NEVER;
    }
    if (u.protocol !== "https:" && u.protocol !== "http:") {
      ctx.addIssue({ code: "custom", message: "must start with https:// (or http:// to a loopback address)" });
      return z.NEVER;
    }
    if (u.protocol === "http:" && !isLoopback(u.hostname)) {
      ctx.addIssue({
        code: "custom",
        message:
          "plain http:// is refused because the API key travels only over TLS; " +
          "use https:// (http:// is allowed only to localhost, 127.0.0.0/8 and [::1])",
      });
      return z.NEVER;
    }
    if (u.username || u.password) {
      ctx.addIssue({ code: "custom", message: "must not contain a user name or password" });
      return z.NEVER;
    }
    if (u.search || u.hash) {
      ctx.addIssue({ code: "custom", message: "must not have a query string or fragment" });
      return z.NEVER;
    }
    return `${u.origin}${u.pathname.replace(/\/+$/, "")}`;
  });

/** One schema per setting; every raw value arrives as a string. */
export const SettingsSchema = z.object({
  asset: z.string().trim().toUpperCase().regex(ASSET_RE, { error: "must look like BASE_QUOTE, e.g. BTC_USDT" }),
  assets: z
    .string()
    .transform((text) => [...new Set(text.split(",").map((a) => a.trim().toUpperCase()))].filter((a) => a !== ""))
    .pipe(
      z
        .array(z.string().regex(ASSET_RE, { error: "must be assets like BASE_QUOTE, comma-separated, e.g. BTC_USDT,ETH_USDT" }))
        .min(1, { error: "must name at least one asset, e.g. BTC_USDT" })
        .max(8, { error: "must name at most 8 assets (each costs requests in the book's budget)" }),
    ),
  interval: z
    .string()
    .transform((text) => readInterval(text))
    .pipe(z.literal(INTERVALS, { error: INTERVAL_MSG })),
  network: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(NETWORKS, { error: `must be one of ${NETWORKS.join(", ")}` })),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,16}$/, { error: "must be a currency code of 2 to 16 letters or digits, e.g. USDC" }),
  url: urlSetting,
  apiKey: z
    .string()
    .trim()
    .regex(PRINTABLE, { error: "must be printable ASCII without spaces (generate a new key on the wallet page)" })
    .optional(),
  wallet: z.string().trim().regex(PRINTABLE, { error: "must be a wallet address without spaces" }).optional(),
  maxRps: z
    .string()
    .trim()
    .regex(/^(\d+(\.\d*)?|\.\d+)$/, { error: MAX_RPS_MSG })
    .transform(Number)
    .pipe(z.number().gt(0, { error: MAX_RPS_MSG }).lte(1, { error: MAX_RPS_MSG })),
  readonly: boolSetting,
  noColor: boolSetting,
  ascii: boolSetting,
  noBell: boolSetting,
  layout: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(LAYOUT_CHOICES, { error: `must be one of ${LAYOUT_CHOICES.join(", ")}` })),
  theme: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(THEMES, { error: `must be one of ${THEMES.join(", ")}` })),
  debugLog: z.string().trim().min(1, { error: "must be a file path" }).optional(),
  noHistory: boolSetting,
  stateDir: z.string().trim().min(1, { error: "must be a directory path" }).optional(),
  profile: z
    .string()
    .trim()
    .regex(/^[\w-]+$/, { error: "must be a profile name: letters, digits, _ and -" })
    .optional(),
});

export type Settings = z.output<typeof SettingsSchema>;
