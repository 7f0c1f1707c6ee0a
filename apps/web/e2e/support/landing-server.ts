import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the local server got: its path and query values. */
export type Received = { path: string; query: Record<string, string> };

export type LandingServer = {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  received: Received[];
  /** The query values of every request to `path`, oldest first. */
  hits: (path: string) => Record<string, string>[];
  close: () => Promise<void>;
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `/lp`: the advertiser's landing, showing what the redirect filled in, so the browser test can read it. */
const landingPage = (query: Record<string, string>) => `<!doctype html><meta charset="utf-8"><title>Landing</title>
<h1>Landing</h1>
<p>Click ID: <span data-testid="click-id">${escape(query.click ?? '')}</span></p>
<p>Affiliate: <span data-testid="affiliate-id">${escape(query.aff ?? '')}</span></p>
<p>sub1: <span data-testid="sub1">${escape(query.s1 ?? '')}</span></p>`;

function answer(req: IncomingMessage, res: ServerResponse, received: Received[]): void {
  const parsed = new URL(req.url ?? '/', 'http://127.0.0.1');
  const query = Object.fromEntries(parsed.searchParams);
  received.push({ path: parsed.pathname, query });
  if (parsed.pathname === '/lp') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(landingPage(query));
  } else if (parsed.pathname === '/pb') {
    // The affiliate's tracker: the body names the click, so the attempt logged by the panel shows it came here.
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`tracker got ${query.cid ?? 'no click id'}`);
  } else {
    res.writeHead(404).end();
  }
}

/**
 * A real HTTP server on 127.0.0.1 (a free port) standing for both the advertiser's landing page and the
 * affiliate's postback receiver, so the tracking flow is tested end to end without intercepting anything.
 */
export async function startLandingServer(): Promise<LandingServer> {
  const received: Received[] = [];
  const server = createServer((req, res) => answer(req, res, received));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    hits: (path) => received.filter((r) => r.path === path).map((r) => r.query),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
