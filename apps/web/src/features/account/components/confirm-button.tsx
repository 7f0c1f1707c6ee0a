import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { ConfirmModal } from '@/components/data-table/index.ts';

type Props = ButtonProps & {
  label: ReactNode;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  loading?: boolean;
};

/** A button that asks first, with the shared confirm dialog. */
export function ConfirmButton({ label, title, message, confirmLabel, onConfirm, loading, ...button }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...button} loading={loading} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmModal
        opened={open}
        title={title}
        text={message}
        confirmLabel={confirmLabel}
        onClose={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
      />
    </>
  );
}
