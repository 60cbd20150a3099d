/**
 * Which refusals of a placement stop a strategy rather than move it on: a
 * stake under the minimum, a balance too small, no wallet. Nothing later in
 * the game could go in, so retrying only spends the budget. One rule for the
 * runner and the trial; the text is the service's error and message.
 */
const STOPPING = /balance|minimum|insufficient|wallet/i;

export function refusalStops(text: string): boolean {
  return STOPPING.test(text);
}
