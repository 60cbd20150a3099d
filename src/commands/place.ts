/**
 * `spotdash place --price P --stake S [--yes]`: the dashboard form's check
 * (checkPlacement, with the same listing, balance and held positions), then
 * the POST through the Poller's place(), the form's own code path: it takes
 * the poller's next slot, waits out a 429 and reconciles an unknown outcome
 * through /status instead of ever sending the POST twice.
 */
import { positionJson, unreadableField } from "../api/spec-form.js";
import { formatClockOf, formatInterval, formatMoneyExact, formatPriceExact } from "../domain/format.js";
import { checkPlacement, whyNotAccepting } from "../domain/placement.js";
import { heldPositions } from "../domain/positions.js";
import type { Position } from "../domain/service-data.js";
import { Poller } from "../poller/poller.js";
import type { PlacementOutcome } from "../poller/snapshot.js";
import { CommandFailure, EXIT, exitForApiKind, jsonLine, out } from "./io.js";
import { fetchBalance, fetchListing, fetchStatus, type ReadContext } from "./read.js";

/** Everything that can be refused before any request is sent: exit 1. */
export function checkBeforeSending(ctx: Pick<ReadContext, "config" | "args">): void {
  const { config, args } = ctx;
  if (config.readonly) {
    throw new CommandFailure("place: read-only mode (--readonly or SPOTDASH_READONLY) never places positions", "config", EXIT.usage);
  }
  if (config.network === "mainnet" && !args.yes) {
    throw new CommandFailure("place: this is MAINNET and stakes real funds; add --yes to confirm (nothing was sent)", "usage", EXIT.usage);
  }
  // The form's own check without any service data: only the problems of the typed values remain.
  const offline = checkPlacement(args.price!, args.stake!, {
    interval: config.interval,
    listing: undefined,
    now: 0,
    balance: undefined,
    held: [],
  });
  const unknownGame = whyNotAccepting(undefined, 0);
  const problems = offline.ok ? [] : offline.problems.filter((p) => p !== unknownGame);
  if (problems.length > 0) throw new CommandFailure(`place: ${problems.join("; ")} (nothing was sent)`, "usage", EXIT.usage);
}

export async function placeCommand(ctx: ReadContext): Promise<void> {
  const { config, args, backend, io } = ctx;
  if (!backend.wallet) {
    throw new CommandFailure(
      "place: no wallet address; set METAFIDE_USER_ADDRESS (sent as pw) to place positions (nothing was sent)",
      "config",
      EXIT.usage,
    );
  }
  const listing = await fetchListing(ctx);
  const balance = await fetchBalance(ctx);
  const status = await fetchStatus(ctx);
  const check = checkPlacement(args.price!, args.stake!, {
    interval: config.interval,
    listing,
    now: ctx.clock.serverNow(),
    balance: balance.balance,
    held: heldPositions(listing.liveGame?.gid, status.positions),
  });
  if (!check.ok) throw new CommandFailure(`place: ${check.problems.join("; ")} (nothing was sent)`, "refused", EXIT.refused);

  const poller = new Poller({
    client: backend.client,
    target: { asset: config.asset, interval: config.interval, network: config.network, currency: config.currency },
    wallet: backend.wallet,
    maxRps: config.maxRps,
    onRequest: (_kind, at) => io.onRequest?.(at),
  });
  // What we already know, so reconciliation can tell a new position from the ones held.
  const at = ctx.clock.serverNow();
  poller.store.update((s) => ({ ...s, listing: { value: listing, at }, status: { value: status, at }, balance: { value: balance, at } }));
  await ctx.pacer.waitTurn();
  let outcome: PlacementOutcome;
  try {
    const placing = poller.place({ gid: check.gid, sp: check.sp, f: check.f });
    poller.start();
    outcome = await placing;
  } finally {
    poller.stop();
  }

  switch (outcome.kind) {
    case "placed": {
      const p = outcome.position;
      if (args.json) out(io, jsonLine(io, { ...positionJson(p), ...unreadableField(p.issues) }));
      else out(io, placedLine(ctx, p, backend.sim));
      return;
    }
    case "rejected":
      throw new CommandFailure(outcome.error.message, outcome.error.kind, exitForApiKind(outcome.error.kind));
    case "reconciled": {
      if (!outcome.placed) {
        throw new CommandFailure(`${outcome.error.message}; /status shows it was NOT placed`, outcome.error.kind, EXIT.unreachable);
      }
      const found: Position | undefined = poller.snapshot.status?.value.positions.find((p) => p.txid === outcome.txid);
      io.stderr.write(`spotdash: the answer to POST /spot was lost (${outcome.error.message}); /status shows the position was placed\n`);
      if (found) {
        if (args.json) out(io, jsonLine(io, positionJson(found)));
        else out(io, placedLine(ctx, found, backend.sim));
      } else if (args.json) {
        out(io, jsonLine(io, { gid: check.gid, sp: check.sp, f: check.f, txid: outcome.txid ?? null }));
      } else {
        out(io, `placed: txid ${outcome.txid ?? "unknown"}`);
      }
      return;
    }
  }
}

function placedLine(ctx: ReadContext, p: Position, sim: boolean): string {
  const { config } = ctx;
  return (
    `placed ${formatPriceExact(p.sp)} with ${formatMoneyExact(p.f)} ${config.currency} in game #${p.gid ?? "?"} ` +
    `(${config.asset} ${formatInterval(config.interval)} ${config.network}${sim ? ", sim" : ""}) at ${formatClockOf(p.t)}, txid ${p.txid}`
  );
}
