// How an invoice's audit rows read on its detail screen (docs/product/billing.md).

/** An amount in minor units as the billing texts write it (messages, history, mails): 1234 EUR → "12.34 EUR". */
export const money = (minor: unknown, currency: string) => `${(Number(minor) / 100).toFixed(2)} ${currency}`;

export const historyText = (
  action: string,
  d: Record<string, unknown>,
  currency: string,
): { action: string; text: string } => {
  switch (action) {
    case 'invoice_create':
      return { action: 'created', text: `Created for ${money(d.total, currency)}` };
    case 'invoice_update':
      return {
        action: 'updated',
        text: `Changed: total ${money(d.total, currency)}, payment system ${d.payment_system ?? 'none'}, ${d.adjustments} adjustment(s)`,
      };
    case 'invoice_payment':
      return d.status === 'approved'
        ? { action: 'approved', text: `Payment of ${money(d.amount, currency)}: paid in full` }
        : {
            action: 'payment',
            text: `Payment of ${money(d.amount, currency)}: ${money(d.paid, currency)} paid so far`,
          };
    case 'invoice_payment_details_refresh': {
      const changes = Array.isArray(d.changes) ? (d.changes as string[]) : [];
      return {
        action: 'payment_details',
        text: `Payment details taken from the affiliate's account: ${changes.length ? changes.join('; ') : 'no change'}`,
      };
    }
    case 'invoice_decline':
      return { action: 'declined', text: `Declined: ${d.reason ?? ''}` };
    default:
      return { action, text: '' };
  }
};
