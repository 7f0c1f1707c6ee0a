import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import type { ReconSummary } from '@pxl/contract/reconciliation/index';
import { BucketTable, ImportTotals } from './import-summary.tsx';

// The summary as the server renders its markup: which figures and buttons each bucket shows, without a browser.

const html = (node: ReactNode) => renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>);
const text = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
/** The markup of one element carrying `attr`, up to its closing tag (rows and cells do not nest their own kind). */
const part = (markup: string, attr: string, tag: string) => {
  const start = markup.lastIndexOf(`<${tag}`, markup.indexOf(attr));
  return markup.slice(start, markup.indexOf(`</${tag}>`, start));
};

const bucket = (count: number, theirs = {}, ours = {}, difference = {}) => ({ count, theirs, ours, difference });
const summary: ReconSummary = {
  file_rows: 4,
  our_conversions: 3,
  buckets: {
    matched: bucket(1, { USD: 500 }, { USD: 500 }, {}),
    status_differs: bucket(1, {}, { USD: 500 }, { USD: -500 }),
    missing_here: bucket(1, { USD: 700 }, {}, { USD: 700 }),
    unknown_id: bucket(1, { EUR: 1000 }, {}, { EUR: 1000 }),
    missing_there: bucket(1, {}, { USD: 800 }, { USD: -800 }),
  } as ReconSummary['buckets'],
  theirs: { USD: 1200, EUR: 1000 },
  ours: { USD: 1800 },
  difference: { USD: -600, EUR: 1000 },
};
const noop = () => {};

describe('the summary of an import on screen', () => {
  it('shows both totals and the difference per currency, and that the buckets explain it', () => {
    const markup = html(<ImportTotals summary={summary} />);
    expect(text(part(markup, 'data-figure="difference"', 'div'))).toContain('−$6.00');
    expect(text(part(markup, 'data-figure="difference"', 'div'))).toContain('+€10.00');
    expect(text(part(markup, 'data-figure="ours"', 'div')).trim()).toBe('$18.00');
    expect(text(markup)).toContain('4 rows in their report');
    expect(text(markup)).toContain('every cent of it is explained by a bucket');
    const broken = html(<ImportTotals summary={{ ...summary, difference: { USD: -500, EUR: 1000 } }} />);
    expect(text(broken)).toContain('The buckets do not add up to the difference');
  });

  it('lists every bucket with its meaning, sums them to the difference, offers Apply all where it applies', () => {
    const markup = html(<BucketTable summary={summary} selected="missing_here" onSelect={noop} onApplyAll={noop} />);
    for (const b of ['matched', 'status_differs', 'duplicate_in_file', 'outside_period', 'currency_differs']) {
      expect(markup, b).toContain(`data-bucket-row="${b}"`);
    }
    const missingHere = text(part(markup, 'data-bucket-row="missing_here"', 'tr'));
    expect(missingHere).toContain('a lost postback, say');
    expect(missingHere).toContain('+$7.00');
    expect(missingHere).toContain('Apply all 1');
    expect(part(markup, 'data-bucket-row="missing_here"', 'tr')).toContain('aria-pressed="true"');
    // Nothing to apply to a matched or unknown row, nor to a bucket without rows.
    for (const b of ['matched', 'unknown_id', 'amount_differs']) {
      expect(text(part(markup, `data-bucket-row="${b}"`, 'tr')), b).not.toContain('Apply all');
    }
    // Once applied, a bucket offers only what is left, and no button when nothing is.
    const done = html(
      <BucketTable
        summary={summary}
        selected={undefined}
        onSelect={noop}
        onApplyAll={noop}
        applied={{ missing_here: 1 }}
      />,
    );
    expect(text(part(done, 'data-bucket-row="missing_here"', 'tr'))).toContain('All applied');
    expect(text(part(done, 'data-bucket-row="missing_here"', 'tr'))).not.toContain('Apply all');
    const sum = text(part(markup, 'data-testid="bucket-sum"', 'tr'));
    expect(sum).toContain('Sum of the buckets 5');
    expect(sum).toContain('−$6.00');
    expect(sum).toContain('+€10.00');
  });
});
