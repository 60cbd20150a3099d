/**
 * The API key must never reach the screen, a log, an error or a file. Every
 * text that leaves the client or the CLI passes through here.
 */

// Keys look like metafide_ + 32 hex; redact that shape even when it is not ours.
const KEY_SHAPE = /metafide_[0-9a-fA-F]{8,}/g;
export const REDACTED = "[redacted]";

const knownSecrets = new Set<string>();

/** Registers a secret so that every later redact() removes it. */
export function registerSecret(secret: string | undefined): void {
  // Very short values would redact ordinary words; real keys are long.
  if (secret && secret.length >= 8) knownSecrets.add(secret);
}

/** Text for a one-line message: control characters (newlines, escapes a value carried) become spaces. */
export function oneLine(text: string): string {
  return text.replace(/\p{Cc}+/gu, " ").trim();
}

export function redact(text: string): string {
  let out = text.replace(KEY_SHAPE, REDACTED);
  for (const secret of knownSecrets) out = out.split(secret).join(REDACTED);
  return out;
}

/** Whether the text holds a registered secret or a key-shaped value: what must not be handed to another program. */
export function containsSecret(text: string): boolean {
  return redact(text) !== text;
}

const INSPECT = Symbol.for("nodejs.util.inspect.custom");

/**
 * A secret value that never prints: String(), template literals, JSON and
 * util.inspect all give "[redacted]". Call reveal() only where the value is
 * actually sent (the x-api-key header).
 */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
    registerSecret(value);
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [Symbol.toPrimitive](): string {
    return REDACTED;
  }

  [INSPECT](): string {
    return REDACTED;
  }
}
