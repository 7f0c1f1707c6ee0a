import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, Text, Textarea } from '@mantine/core';
import { IconClock, IconLock, IconX } from '@tabler/icons-react';
import { formatDateLine } from '@pxl/contract/format/date';
import { accessRequestCreateSchema, type PortalOfferDetail } from '@pxl/contract/offers/portal.schemas';
import { apiFieldErrors } from '@/lib/form-errors.ts';
import { useRequestAccess } from '../api/request-access.ts';

const when = (value: string, timeZone: string) => formatDateLine(value, timeZone);

/** Premoderation (docs/product/offers.md): ask for access, see the request pending, or read why it was declined and ask again. */
export function AccessPanel({ offer, timeZone }: { offer: PortalOfferDetail; timeZone: string }) {
  const request = offer.access_request;
  if (offer.access === 'granted') return null;
  if (offer.access === 'pending') {
    return (
      <Alert color="yellow" icon={<IconClock size={18} />} title="Access requested" data-testid="access-pending">
        {request ? `You asked on ${when(request.created_at, timeZone)}. ` : ''}Your manager reviews the request; the
        link builder opens here once it is approved.
      </Alert>
    );
  }
  return (
    <Stack gap="sm" data-testid="access-panel">
      {offer.access === 'declined' ? (
        <Alert color="red" icon={<IconX size={18} />} title="Your access request was declined">
          {request?.reason ? <Text size="sm">Reason: {request.reason}</Text> : null}
          <Text size="sm">You may ask again below, for example after changing your traffic.</Text>
        </Alert>
      ) : (
        <Alert color="indigo" icon={<IconLock size={18} />} title="Access on request">
          This offer is open after the network approves you. Tell your manager how you plan to run it.
        </Alert>
      )}
      <RequestForm offerId={offer.id} again={offer.access === 'declined'} />
    </Stack>
  );
}

function RequestForm({ offerId, again }: { offerId: number; again: boolean }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const mutation = useRequestAccess(offerId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = accessRequestCreateSchema.safeParse({ message });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    mutation.mutate(parsed.data.message ?? '', { onError: (e) => setError(apiFieldErrors(e).message) });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Request access">
      <Stack gap="sm">
        <Textarea
          label="Message to your manager"
          description="Optional: traffic sources, countries, expected volume"
          name="message"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={1000}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          error={error}
        />
        <div>
          <Button type="submit" loading={mutation.isPending}>
            {again ? 'Request access again' : 'Request access'}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
