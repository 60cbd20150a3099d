/**
 * Apart from the client so that configuration can show the address it will
 * call (doctor, --help) without loading the client and its readers.
 */

export const API_PATH = "/v1/surge/games/";

/** `{url}/v1/surge/games/` with exactly one slash between the parts. */
export function apiBase(url: string): URL {
  const u = new URL(url);
  u.pathname = u.pathname.replace(/\/+$/, "") + API_PATH;
  return u;
}
