import { Typography, type BoxProps } from '@mantine/core';

/**
 * HTML the server made from Markdown and cut to an allow-list (apps/server/src/lib/markdown.ts); never HTML from
 * anywhere else. The browser does no sanitising of its own, so one rule set decides what a reader may get
 * (docs/decisions/024-markdown-rendering.md).
 */
export function ServerHtml({ html, ...box }: { html: string } & BoxProps) {
  return (
    <Typography {...box}>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
