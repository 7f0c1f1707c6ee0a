import { useState } from 'react';
import { Button, Group, Modal, Textarea } from '@mantine/core';

/** Asks why an access request is declined; the affiliate reads the reason. */
export function DeclineModal({
  affiliate,
  loading,
  error,
  onDecline,
  onClose,
}: {
  affiliate: string;
  loading: boolean;
  error?: string;
  onDecline: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <Modal opened onClose={onClose} title={`Decline ${affiliate}`} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) return setMissing(true);
          onDecline(reason.trim());
        }}
      >
        <Textarea
          label="Reason"
          description="The affiliate sees it"
          required
          autosize
          minRows={3}
          maxLength={1000}
          data-autofocus
          value={reason}
          error={missing && !reason.trim() ? 'Give a reason' : error}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={loading}>
            Decline
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
