import { createPortal } from 'react-dom';
import type { Invoice } from '@pxl/contract/billing/index';
import { formatDate } from '@pxl/contract/format/date';
import { lineTitle } from './generate-values.ts';
import { money, partyText, paymentSystemText, periodText, statusText } from './invoice-labels.tsx';
import css from './printable-invoice.module.css';

/**
 * The invoice as a printed page: hidden on screen, the only thing on paper (Print uses the browser's print, whose
 * print style hides the app shell).
 */
export function PrintableInvoice({
  invoice: i,
  issuer,
  timeZone,
}: {
  invoice: Invoice;
  issuer: string;
  timeZone: string;
}) {
  const open = i.status === 'declined' ? 0 : i.total - i.paid;
  return createPortal(
    <div className={css.sheet} data-testid="printable-invoice">
      <div className={css.head}>
        <div>
          <h1 style={{ margin: 0 }}>Invoice {i.number}</h1>
          <div>Issued by {issuer}</div>
          <div>Date: {formatDate(i.created_at, timeZone).date}</div>
          {periodText(i.period_from, i.period_to) && <div>Period: {periodText(i.period_from, i.period_to)}</div>}
          <div>Status: {statusText(i.status)}</div>
        </div>
        <div>
          <strong>Payee</strong>
          <div>{partyText(i.affiliate)}</div>
          <div>Payment system: {paymentSystemText(i.payment_system) || '—'}</div>
          {i.payment_details && <div className={css.details}>{i.payment_details}</div>}
        </div>
      </div>
      <table>
        <thead>
          <tr>
            <th>Description</th>
            <th className={css.num}>Count</th>
            <th className={css.num}>Amount</th>
          </tr>
        </thead>
        <tbody>
          {i.lines.map((l, n) => (
            <tr key={n}>
              <td>{lineTitle(l)}</td>
              <td className={css.num}>{l.kind === 'adjustment' ? '' : l.count}</td>
              <td className={css.num}>{money(l.amount, i.currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={2}>Total</th>
            <th className={css.num}>{money(i.total, i.currency)}</th>
          </tr>
          <tr>
            <td colSpan={2}>Paid</td>
            <td className={css.num}>{money(i.paid, i.currency)}</td>
          </tr>
          <tr>
            <th colSpan={2}>Amount due</th>
            <th className={css.num}>{money(open, i.currency)}</th>
          </tr>
        </tfoot>
      </table>
      {i.comment && <p className={css.details}>{i.comment}</p>}
    </div>,
    document.body,
  );
}
