/**
 * A logging proxy on loopback between the dashboard and a sim: every request
 * passed on as it came, and noted with when it started and ended, so a bench
 * sees the budget from outside the process it measures.
 */
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

export interface Exchange {
  method: string;
  /** The path after /v1/surge/games/ with its query: "live-price?asset=BTC_USDT". */
  call: string;
  /** performance.now() when the request reached the proxy, and when its answer had left. */
  start: number;
  end: number;
  status: number;
}

export interface LoggingProxy {
  url: string;
  log: Exchange[];
  close(): Promise<void>;
}

export async function startLoggingProxy(target: string): Promise<LoggingProxy> {
  const to = new URL(target);
  const log: Exchange[] = [];
  const server = createServer((req, res) => {
    const start = performance.now();
    const upstream = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on("end", () =>
        log.push({
          method: req.method ?? "GET",
          call: (req.url ?? "").replace(/^.*\/games\//, ""),
          start,
          end: performance.now(),
          status: answer.statusCode ?? 0,
        }),
      );
    });
    upstream.on("error", () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An exchange's endpoint ("live-price", "status", …). */
export function endpointOf(e: Exchange): string {
  return e.call.split("?")[0]!;
}

/** An exchange as a bench lists it: its endpoint, "POST " before a POST's ("POST spot"). */
export function requestLabel(e: Exchange): string {
  return `${e.method === "POST" ? "POST " : ""}${endpointOf(e)}`;
}

/** The calls of an endpoint ("live-price", "status", …), optionally of one asset. */
export function callsTo(log: readonly Exchange[], endpoint: string, asset?: string): Exchange[] {
  return log.filter((e) => endpointOf(e) === endpoint && (asset === undefined || e.call.includes(`asset=${asset}`)));
}
