import { describe, expect, it } from 'vitest';
import type { TicketRow } from '@pxl/contract/tickets/tickets.schemas';
import { exportRow } from '@/lib/export/run-export.ts';
import { ticketColumns } from './ticket-columns.tsx';

const row: TicketRow = {
  uuid: '3b1c1f5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f',
  type: 'financial',
  status: 'answered',
  subject: 'Where is the October payout?',
  partner: { uuid: '6f1c1f5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f', name: 'Ann', email: 'ann@example.com', role: 'affiliate' },
  manager: { uuid: '7f1c1f5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f', name: 'Max', email: 'max@example.com' },
  offer: null,
  created_at: '2026-11-01T09:30:00.000Z',
  updated_at: '2026-11-02T21:15:00.000Z',
  last_message_at: '2026-11-02T21:15:00.000Z',
  unread: true,
};

describe('tickets CSV', () => {
  it('exports labels and emails as read, and the dates in the network time zone', () => {
    expect(exportRow(row, ticketColumns('Europe/Kyiv', true))).toEqual({
      subject: 'Where is the October payout?',
      type: 'Financial',
      status: 'Answered',
      partner: 'ann@example.com',
      manager: 'max@example.com',
      last_message_at: '02.11.2026 23:15',
      created_at: '01.11.2026 11:30',
    });
  });

  it('gives partners no partner or manager columns', () => {
    expect(Object.keys(exportRow(row, ticketColumns('UTC', false)))).toEqual([
      'subject',
      'type',
      'status',
      'last_message_at',
      'created_at',
    ]);
  });
});
