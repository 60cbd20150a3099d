/**
 * A tiny real HTTP server for client tests: it answers each request with the
 * next programmed reply (status, headers, body, or a socket fault) and records
 * every request it saw. Listens on 127.0.0.1, port 0.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import { type AddressInfo, createServer as createNetServer, type Socket } from "node:net";

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. Omitted = empty body. */
  body?: unknown;
  /** Wait this long before answering. */
  delayMs?: number;
  /**
   * - "reset": read the request, then destroy the socket without answering.
   * - "mid-body": send headers and part of the body, then destroy the socket.
   * - "stall-body": send headers and part of the body, then nothing more.
   * - "hang": never answer (until the server closes).
   */
  fault?: "reset" | "mid-body" | "stall-body" | "hang";
}

export interface RecordedRequest {
  method: string;
  /** Path and query as sent, e.g. "/v1/surge/games/spot?asset=BTC_USDT&interval=60". */
  url: string;
  pathname: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Script = Reply | ((req: RecordedRequest) => Reply);

export class ScriptedServer {
  readonly requests: RecordedRequest[] = [];
  /** TCP connections accepted so far (keep-alive reuses one). */
  connections = 0;
  private readonly queue: Script[] = [];
  private readonly sockets = new Set<Socket>();
  private fallback: Script = { status: 500, body: { error: "no scripted reply" } };

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<ScriptedServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const s = new ScriptedServer(server, `http://127.0.0.1:${port}`);
    server.on("connection", (socket) => {
      s.connections++;
      s.sockets.add(socket);
      socket.on("close", () => s.sockets.delete(socket));
    });
    server.on("request", (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const url = req.url ?? "/";
        const parsed = new URL(url, "http://localhost");
        const recorded: RecordedRequest = {
          method: req.method ?? "",
          url,
          pathname: parsed.pathname,
          query: parsed.searchParams,
          headers: req.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        };
        s.requests.push(recorded);
        const script = s.queue.shift() ?? s.fallback;
        const reply = typeof script === "function" ? script(recorded) : script;
        const send = () => answer(res, reply);
        if (reply.delayMs) setTimeout(send, reply.delayMs);
        else send();
      });
    });
    return s;
  }

  /** Programs the next replies, in order. */
  reply(...scripts: Script[]): this {
    this.queue.push(...scripts);
    return this;
  }

  /** The reply used when the queue is empty. */
  otherwise(script: Script): this {
    this.fallback = script;
    return this;
  }

  get last(): RecordedRequest {
    const r = this.requests.at(-1);
    if (!r) throw new Error("the scripted server has not received a request");
    return r;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function answer(res: ServerResponse, reply: Reply): void {
  if (reply.fault === "hang") return;
  if (reply.fault === "reset") {
    res.socket?.destroy();
    return;
  }
  const body = reply.body === undefined ? "" : typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
  const isJson = reply.body !== undefined && typeof reply.body !== "string";
  const headers: Record<string, string> = {
    ...(isJson ? { "content-type": "application/json" } : {}),
    ...reply.headers,
  };
  if (reply.fault === "mid-body" || reply.fault === "stall-body") {
    const bytes = Buffer.from(body);
    res.writeHead(reply.status ?? 200, { ...headers, "content-length": String(bytes.length + 100) });
    res.write(bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2))));
    if (reply.fault === "mid-body") setTimeout(() => res.socket?.destroy(), 10);
    return;
  }
  res.writeHead(reply.status ?? 200, { ...headers, "content-length": String(Buffer.byteLength(body)) });
  res.end(body);
}

/** A loopback URL on which nothing listens (connections are refused). */
export async function refusedUrl(): Promise<string> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
