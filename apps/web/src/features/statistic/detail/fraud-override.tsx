import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Text, Textarea } from '@mantine/core';
import type { Conversion } from '@pxl/contract/conversions/conversions.schemas';
import { apiFieldErrors, type FieldErrors } from '@/lib/form-errors.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { useOverrideConversionFraud, type FraudOverride } from './api/override-conversion-fraud.ts';

const WHAT = { hold: 'held', reject: 'rejected' } as const;

/** Asks for the new status and a note, then releases the conversion; the server's message lands at the field. */
function OverrideModal({ conversion, onClose }: { conversion: Conversion; onClose: () => void }) {
  const release = useOverrideConversionFraud(conversion.uuid);
  const [status, setStatus] = useState<FraudOverride['status']>('pending');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = () =>
    release.mutate(
      { status, note },
      {
        onSuccess: () => {
          notifySuccess('Conversion released');
          onClose();
        },
        onError: (error) => setErrors(apiFieldErrors(error)),
      },
    );
  return (
    <Modal opened onClose={onClose} title="Release from the traffic-quality check" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Text size="sm" mb="sm">
          This conversion was {WHAT[conversion.fraud_action!]} automatically for its fraud score. Releasing it is
          recorded in the audit log with its reasons, and the affiliate no longer sees the traffic-quality mark.
        </Text>
        <SegmentedControl
          fullWidth
          mb="sm"
          value={status}
          onChange={(v) => setStatus(v as FraudOverride['status'])}
          data={[
            { value: 'pending', label: 'To pending (hold days apply)' },
            { value: 'approved', label: 'Approve' },
          ]}
        />
        <Textarea
          label="Note"
          description="Optional; kept in the history and the audit log"
          autosize
          minRows={2}
          maxLength={500}
          name="note"
          value={note}
          error={errors.note ?? errors.status ?? errors.form}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={release.isPending}>
            Release
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

/** Staff release a conversion a fraud action held or rejected (docs/product/fraud.md); nothing when none stands. */
export function FraudOverrideAction({ conversion }: { conversion: Conversion }) {
  const [open, setOpen] = useState(false);
  if (!conversion.fraud_action) return null;
  return (
    <>
      <Button variant="light" color="grape" onClick={() => setOpen(true)} data-testid="fraud-override">
        Release from quality {conversion.fraud_action === 'hold' ? 'hold' : 'rejection'}
      </Button>
      {open && <OverrideModal conversion={conversion} onClose={() => setOpen(false)} />}
    </>
  );
}
