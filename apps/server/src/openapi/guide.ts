import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { API_DOCS_PATH, INTEGRATION_GUIDE_PATH, fail } from '@pxl/contract';
import { renderMarkdown } from '../lib/markdown.ts';

const GUIDE_FILE = new URL('../../../../docs/integration-guide.md', import.meta.url);

const BLOCK_START = /^(\s*([-*]|\d+\.)\s|\s*[|#>]|\s*```|\s*$)/;

/**
 * The repository's Markdown is wrapped at 120 columns, and the panel's renderer keeps line breaks (news are typed
 * line by line): a wrapped line of a paragraph or list item joins the line before it. Code blocks stay as written.
 */
export const unwrapLines = (markdown: string) => {
  const out: string[] = [];
  let inCode = false;
  for (const line of markdown.split('\n')) {
    const fence = /^\s*```/.test(line);
    const prev = out.at(-1);
    const continues =
      !inCode && !fence && prev !== undefined && !BLOCK_START.test(line) && !/^\s*([#|]|```|$)/.test(prev);
    if (continues) out[out.length - 1] = `${prev} ${line.trim()}`;
    else out.push(line);
    if (fence) inCode = !inCode;
  }
  return out.join('\n');
};

const pageOf = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Integration guide</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px/1.55 system-ui,sans-serif;max-width:920px;margin:2rem auto;padding:0 1rem;color:#222}
code,pre{background:#f4f4f5;border-radius:4px}code{padding:0 .25em}pre{padding:.75em;overflow:auto}
table{border-collapse:collapse}th,td{border:1px solid #ddd;padding:.3em .6em;text-align:left;vertical-align:top}</style>
</head><body><p><a href="${API_DOCS_PATH}">API reference</a> · <a href="${API_DOCS_PATH}/json">OpenAPI document</a></p>
${body}</body></html>`;

/** docs/integration-guide.md as a page beside the API reference, read once at start. */
export const guideRoutes = async (app: FastifyInstance) => {
  let page: string | null = null;
  try {
    page = pageOf(renderMarkdown(unwrapLines(readFileSync(GUIDE_FILE, 'utf8'))));
  } catch (err) {
    app.log.warn({ err }, 'integration guide not found');
  }
  app.get(INTEGRATION_GUIDE_PATH, { schema: { hide: true } }, async (_req, reply) =>
    page
      ? reply.type('text/html; charset=utf-8').send(page)
      : reply.code(404).send(fail({ not_found: 'The integration guide is not installed' })),
  );
};
