import { useState } from 'react';
import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import type { ConversionStatusValue } from '@pxl/contract/conversions/conversions.schemas';
import { apiFieldErrors, type FieldErrors } from '@/lib/form-errors.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { CONVERSION_STATUS_LABELS } from '../logs/labels.tsx';
import { useChangeConversionStatus } from './api/change-conversion-status.ts';
import { actionsFor, statusChangeBody, STATUS_ACTIONS, type StatusAction } from './status-change.ts';

const REASON_HINT: Record<StatusAction, string> = {
  approved: 'Optional; kept in the history',
  rejected: 'Required; kept in the history',
  hold: 'Required; kept in the history',
};

/** Asks for the reason of one change, then sends it; the server's message lands at the field. */
function ChangeModal({
  uuid,
  current,
  action,
  onClose,
}: {
  uuid: string;
  current: ConversionStatusValue;
  action: StatusAction;
  onClose: () => void;
}) {
  const change = useChangeConversionStatus(uuid);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const meta = STATUS_ACTIONS.find((a) => a.status === action)!;
  const submit = () => {
    const checked = statusChangeBody(action, reason);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    change.mutate(checked.body, {
      onSuccess: (c) => {
        notifySuccess(`Conversion ${CONVERSION_STATUS_LABELS[c.status].toLowerCase()}`);
        onClose();
      },
      onError: (error) => setErrors(apiFieldErrors(error)),
    });
  };
  return (
    <Modal opened onClose={onClose} title={`${meta.label} conversion`} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Text size="sm" mb="sm">
          {CONVERSION_STATUS_LABELS[current]} → {CONVERSION_STATUS_LABELS[action]}. Reports and the affiliate's
          postbacks follow the new status.
        </Text>
        <Textarea
          label="Reason"
          description={REASON_HINT[action]}
          required={action !== 'approved'}
          autosize
          minRows={3}
          maxLength={500}
          data-autofocus
          name="reason"
          value={reason}
          error={errors.reason ?? errors.status ?? errors.form}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color={meta.color} loading={change.isPending}>
            {meta.label}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

/** Approve, reject or hold (staff): every change goes through a reason dialog and lands in the history. */
export function StatusActions({ uuid, status }: { uuid: string; status: ConversionStatusValue }) {
  const [action, setAction] = useState<StatusAction | null>(null);
  return (
    <Group gap="xs">
      {actionsFor(status).map((a) => (
        <Button key={a.status} color={a.color} variant="light" onClick={() => setAction(a.status)}>
          {a.label}
        </Button>
      ))}
      {action && <ChangeModal uuid={uuid} current={status} action={action} onClose={() => setAction(null)} />}
    </Group>
  );
}
