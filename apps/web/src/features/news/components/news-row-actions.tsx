import { useState } from 'react';
import { Menu } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { NewsItem } from '@pxl/contract/news/news.schemas';
import { ConfirmModal, EditItem, RowMenu } from '@/components/data-table/index.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { useDeleteNews } from '../api/save-news.ts';
import { editNewsPath } from './news-labels.ts';

/** Edit, or delete after a confirmation (read marks go with the item). */
export function NewsRowActions({ item }: { item: NewsItem }) {
  const remove = useDeleteNews();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <RowMenu label={`Actions for ${item.title}`}>
        <EditItem to={editNewsPath(item.uuid)} />
        <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={() => setConfirming(true)}>
          Delete
        </Menu.Item>
      </RowMenu>
      <ConfirmModal
        opened={confirming}
        title="Delete news item"
        confirmLabel="Delete"
        loading={remove.isPending}
        text={`Delete "${item.title}"? Partners will no longer see it.`}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(item.uuid, {
            onSuccess: () => {
              notifySuccess(`${item.title} deleted`);
              setConfirming(false);
            },
          })
        }
      />
    </>
  );
}
