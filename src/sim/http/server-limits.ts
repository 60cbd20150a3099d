/**
 * What keeps one client from taking the sim from the others: timeouts on
 * slow and idle connections, a cap on open connections with a clear
 * refusal, and the HTTP parser's own refusals written as the JSON error
 * body every other refusal has. docs/sim.md, "Server limits".
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";

export const SERVER_LIMITS = {
  /** A request's headers must arrive within this long of its connection opening (or of the last response). */
  headersTimeoutMs: 5_000,
  /** The whole request, body included. */
  requestTimeoutMs: 10_000,
  /** A kept-alive connection with no request is closed after this long. */
  keepAliveTimeoutMs: 5_000,

  /** How often the timeouts above are checked (Node's default is 30 s). */
  checkIntervalMs: 1_000,
  /** Open connections past this many are refused with a 503 and closed. Below a process's usual 1,024 descriptors. */
  maxConnections: 900,
} as const;

/** The options createServer takes for the limits; the rest are set by guardServer. */
export const SERVER_OPTIONS = {
  headersTimeout: SERVER_LIMITS.headersTimeoutMs,
  requestTimeout: SERVER_LIMITS.requestTimeoutMs,
  connectionsCheckingInterval: SERVER_LIMITS.checkIntervalMs,
} as const;

/** Sets the idle timeout, caps the connections and answers the parser's refusals in JSON. */
export function guardServer(server: Server, maxConnections: number = SERVER_LIMITS.maxConnections): void {
  server.keepAliveTimeout = SERVER_LIMITS.keepAliveTimeoutMs;
  let open = 0;
  server.on("connection", (socket: Socket) => {
    open++;
    socket.once("close", () => open--);
    if (open > maxConnections) {
      const message = `the sim serves at most ${maxConnections} connections at once; close idle ones or try again shortly`;
      refuseRaw(socket, 503, "Service Unavailable", { error: "Too many connections", message }, { "retry-after": "1" });
    }
  });
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Socket) => {
    if (err.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
    const [status, reason, error, message] = clientErrorAnswer(err.code);
    refuseRaw(socket, status, reason, { error, message });
  });
}

function clientErrorAnswer(code: string | undefined): [number, string, string, string] {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return [431, "Request Header Fields Too Large", "Headers too large", "the request's headers are too large"];
    case "ERR_HTTP_REQUEST_TIMEOUT":
    case "ERR_HTTP_HEADERS_TIMEOUT":
      return [408, "Request Timeout", "Request timeout", `a request must arrive within ${SERVER_LIMITS.requestTimeoutMs / 1000} s`];
    default:
      return [400, "Bad Request", "Bad request", "the request is not valid HTTP/1.1"];
  }
}

/** Writes a whole response on a socket the HTTP server has not answered, and closes it. */
function refuseRaw(socket: Socket, status: number, reason: string, body: object, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  const lines = [
    `HTTP/1.1 ${status} ${reason}`,
    "content-type: application/json; charset=utf-8",
    `content-length: ${Buffer.byteLength(text)}`,
    "cache-control: no-store",
    "connection: close",
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  socket.end(`${lines.join("\r\n")}\r\n\r\n${text}`);
  // A client that never reads must not keep the descriptor.
  socket.setTimeout(SERVER_LIMITS.headersTimeoutMs, () => socket.destroy());
}
