import { useMemo, useState } from 'react';
import { canCall } from '@pxl/contract/access/endpoint';
import { billingApi } from '@pxl/contract/billing/index';
import type { ConversionLogRow } from '@pxl/contract/statistic/statistic.schemas';
import { queryProps, DataTable } from '@/components/data-table/index.ts';
import { useCurrentRole } from '@/lib/session/auth-store.ts';
import { listConversions, useConversionLog } from './api/list-logs.ts';
import { conversionColumns } from './conversion-columns.tsx';
import { CappedNote } from './capped-note.tsx';
import { InvoicePickBar, pickColumn } from './invoice-picker.tsx';
import { useLogTable, type LogTableProps } from './log-table-parts.ts';
import { cappedFetch } from './log-query.ts';
import { FRAUD_FILTER_LABELS, FraudScoreFilter } from './fraud-parts.tsx';

/** Conversions of direct-link or API offers (GET /api/statistic/v1/conversions), newest first. */
export function ConversionsTable(props: LogTableProps) {
  const { list, query, access } = useLogTable(props);
  const log = useConversionLog(query);
  // Who may generate invoices ticks conversions here and makes an invoice of them (docs/product/billing.md).
  const invoices = canCall(billingApi.generate, useCurrentRole());
  const [picked, setPicked] = useState<string[]>([]);
  const columns = useMemo(
    () => [
      ...(invoices ? [pickColumn(picked, setPicked)] : []),
      ...conversionColumns(props.kind, access, props.timeZone),
    ],
    [props.kind, access, props.timeZone, invoices, picked],
  );
  const fetchPage = useMemo(
    () => cappedFetch((page: number, count: number) => listConversions({ ...query, page, count })),
    [query],
  );
  return (
    <>
      {invoices && <InvoicePickBar picked={picked} rows={log.data?.list ?? []} onChange={setPicked} />}
      <DataTable<ConversionLogRow>
        listId={`statistic-conversions-${props.kind}`}
        columns={columns}
        list={list}
        {...queryProps(log)}
        rowKey={(r) => r.uuid}
        filters={<FraudScoreFilter list={list} access={access} />}
        filterLabels={FRAUD_FILTER_LABELS}
        searchPlaceholder={
          props.kind === 'api' ? 'Click ID, conversion ID, email, sub or IP' : 'Click ID, conversion ID, sub or IP'
        }
        exportSource={{ filename: `conversions-${props.kind === 'api' ? 'api' : 'direct-link'}`, fetchPage }}
        minWidth={1300}
      />
      <CappedNote capped={log.data?.count_capped} />
    </>
  );
}
