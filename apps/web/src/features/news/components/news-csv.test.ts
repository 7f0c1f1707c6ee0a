import { describe, expect, it } from 'vitest';
import type { NewsItem } from '@pxl/contract/news/news.schemas';
import { exportRow } from '@/lib/export/run-export.ts';
import { newsColumns } from './news-columns.tsx';

describe('news CSV', () => {
  it('exports the audience and state as read, the author by email and the dates in the network time zone', () => {
    const item: NewsItem = {
      uuid: '4c1c1f5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f',
      title: 'Bonus week',
      body: '**Double** payouts',
      body_html: '<p><strong>Double</strong> payouts</p>',
      audience: 'affiliates',
      publish_at: '2026-12-01T06:00:00.000Z',
      published: false,
      pinned: true,
      author: { uuid: '6f1c1f5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f', name: 'Ann', email: 'ann@example.com' },
      created_at: '2026-11-20T10:05:00.000Z',
      updated_at: '2026-11-20T10:05:00.000Z',
    };
    expect(exportRow(item, newsColumns('Europe/Kyiv'))).toEqual({
      title: 'Bonus week',
      audience: 'Affiliates',
      published: 'Scheduled',
      publish_at: '01.12.2026 08:00',
      author: 'ann@example.com',
      created_at: '20.11.2026 12:05',
    });
  });
});
