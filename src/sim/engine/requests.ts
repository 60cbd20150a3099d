/**
 * The typed requests http/validate.ts makes of raw queries and bodies, and the
 * engine takes: once a request has this shape its fields are known good.
 */
import type { Network } from "../../api/schemas.js";
import type { Decimal } from "../../domain/money.js";
import type { Interval } from "../../domain/rules.js";
import type { Asset } from "./markets.js";

/** A validated POST /spot body. */
export interface PlaceRequest {
  gid: string;
  c: string;
  a: Asset;
  sp: Decimal;
  f: Decimal;
  pw: string;
  n: Network;
  it: Interval;
}

export interface ResultsRequest {
  network: Network;
  asset?: Asset;
  interval?: Interval;
  gid?: string;
  limit: number;
  offset: number;
}
