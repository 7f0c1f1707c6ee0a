import { useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconCheck,
  IconCopy,
  IconDots,
  IconEdit,
  IconEye,
  IconPlayerPause,
  IconPlayerStop,
  IconTrash,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { Offer, OfferStatus } from '@pxl/contract/offers/offers.schemas';
import { ConfirmModal } from '@/components/data-table/index.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { useChangeOfferStatus } from '../api/change-offer-status.ts';
import { useDuplicateOffer } from '../api/duplicate-offer.ts';
import { detailPath, editPath } from './offer-labels.ts';

const DONE: Record<OfferStatus, string> = {
  active: 'activated',
  not_active: 'deactivated',
  stopped: 'stopped',
  deleted: 'deleted',
};

/** Edit, duplicate (then edit the copy) and status changes of one offer; deleting asks first. */
export function OfferRowActions({
  offer,
  onDetail = false,
}: {
  offer: Pick<Offer, 'uuid' | 'id' | 'type' | 'title' | 'status'>;
  onDetail?: boolean;
}) {
  const navigate = useNavigate();
  const change = useChangeOfferStatus();
  const duplicate = useDuplicateOffer();
  const [confirming, setConfirming] = useState(false);
  const { uuid, status } = offer;
  const setStatus = (next: OfferStatus) =>
    change.mutate(
      { uuid, status: next },
      {
        onSuccess: () => {
          notifySuccess(`Offer ${offer.id} ${DONE[next]}`);
          setConfirming(false);
        },
      },
    );
  const copy = () =>
    duplicate.mutate(uuid, {
      onSuccess: (copyOf) => {
        notifySuccess(`Offer ${offer.id} duplicated as ${copyOf.id}`);
        navigate(editPath(copyOf));
      },
    });
  return (
    <>
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Actions for offer ${offer.id}`}
            loading={duplicate.isPending}
          >
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {!onDetail && (
            <Menu.Item leftSection={<IconEye size={14} />} onClick={() => navigate(detailPath(offer))}>
              Open
            </Menu.Item>
          )}
          {!onDetail && (
            <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => navigate(editPath(offer))}>
              Edit
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconCopy size={14} />} onClick={copy}>
            Duplicate
          </Menu.Item>
          <Menu.Divider />
          {status !== 'active' && (
            <Menu.Item leftSection={<IconCheck size={14} />} color="green" onClick={() => setStatus('active')}>
              Activate
            </Menu.Item>
          )}
          {status !== 'not_active' && (
            <Menu.Item leftSection={<IconPlayerPause size={14} />} onClick={() => setStatus('not_active')}>
              Deactivate
            </Menu.Item>
          )}
          {status !== 'stopped' && (
            <Menu.Item leftSection={<IconPlayerStop size={14} />} color="orange" onClick={() => setStatus('stopped')}>
              Stop
            </Menu.Item>
          )}
          {status !== 'deleted' && (
            <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={() => setConfirming(true)}>
              Delete
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <ConfirmModal
        opened={confirming}
        title="Delete offer"
        confirmLabel="Delete"
        loading={change.isPending}
        text={`Delete offer ${offer.id} "${offer.title}"? Its links stop working; its statistics are kept.`}
        onClose={() => setConfirming(false)}
        onConfirm={() => setStatus('deleted')}
      />
    </>
  );
}
