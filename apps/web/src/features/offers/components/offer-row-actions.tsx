import { useState } from 'react';
import { Menu } from '@mantine/core';
import { IconCopy, IconEye, IconPlayerStop } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { Offer, OfferStatus } from '@pxl/contract/offers/offers.schemas';
import {
  ACTIVATE,
  ConfirmModal,
  DEACTIVATE,
  DELETE,
  EditItem,
  RowMenu,
  StatusItems,
} from '@/components/data-table/index.ts';
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

const STEPS = [
  ACTIVATE,
  DEACTIVATE,
  { status: 'stopped', label: 'Stop', icon: IconPlayerStop, color: 'orange' } as const,
  DELETE,
];

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
      <RowMenu label={`Actions for offer ${offer.id}`} loading={duplicate.isPending}>
        {!onDetail && (
          <Menu.Item leftSection={<IconEye size={14} />} onClick={() => navigate(detailPath(offer))}>
            Open
          </Menu.Item>
        )}
        {!onDetail && <EditItem to={editPath(offer)} />}
        <Menu.Item leftSection={<IconCopy size={14} />} onClick={copy}>
          Duplicate
        </Menu.Item>
        <Menu.Divider />
        <StatusItems
          current={status}
          steps={STEPS}
          onPick={(next) => (next === 'deleted' ? setConfirming(true) : setStatus(next))}
        />
      </RowMenu>
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
