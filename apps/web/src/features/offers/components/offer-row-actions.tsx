import { Menu } from '@mantine/core';
import { IconCopy, IconEye, IconPlayerStop } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { Offer } from '@pxl/contract/offers/offers.schemas';
import { EditItem, RowMenu, StatusItems, statusSteps, useStatusChange } from '@/components/data-table/index.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { useChangeOfferStatus } from '../api/change-offer-status.ts';
import { useDuplicateOffer } from '../api/duplicate-offer.ts';
import { detailPath, editPath } from './offer-labels.ts';

const STEPS = statusSteps({
  status: 'stopped',
  label: 'Stop',
  done: 'stopped',
  icon: IconPlayerStop,
  color: 'orange',
} as const);

/** Edit, duplicate (then edit the copy) and status changes of one offer; deleting asks first. */
export function OfferRowActions({
  offer,
  onDetail = false,
}: {
  offer: Pick<Offer, 'uuid' | 'id' | 'type' | 'title' | 'status'>;
  onDetail?: boolean;
}) {
  const navigate = useNavigate();
  const duplicate = useDuplicateOffer();
  const { uuid, status } = offer;
  const change = useStatusChange(useChangeOfferStatus(), { uuid, name: `Offer ${offer.id}` }, STEPS, {
    deleted: {
      title: 'Delete offer',
      label: 'Delete',
      text: `Delete offer ${offer.id} "${offer.title}"? Its links stop working; its statistics are kept.`,
    },
  });
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
        <StatusItems current={status} steps={STEPS} onPick={change.pick} />
      </RowMenu>
      {change.dialog}
    </>
  );
}
