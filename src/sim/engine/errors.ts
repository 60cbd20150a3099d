/**
 * The one way the sim refuses a request: a SimError carries the status and
 * the `{error, message, fields?}` body the HTTP layer sends.
 */

export class SimError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly fields?: string[],
  ) {
    super(message);
    this.name = "SimError";
  }

  body(): { error: string; message: string; fields?: string[] } {
    return this.fields ? { error: this.error, message: this.message, fields: this.fields } : { error: this.error, message: this.message };
  }
}

/** 422 naming every offending field, each with what it must be. */
export function invalidFields(problems: ReadonlyArray<readonly [field: string, problem: string]>): SimError {
  return new SimError(
    422,
    "Invalid request",
    problems.map(([field, problem]) => `${field}: ${problem}`).join("; "),
    problems.map(([field]) => field),
  );
}
