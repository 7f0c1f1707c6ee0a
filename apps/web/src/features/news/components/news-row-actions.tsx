import { useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconEdit, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { NewsItem } from '@pxl/contract/news/news.schemas';
import { ConfirmModal } from '@/components/data-table/index.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { useDeleteNews } from '../api/save-news.ts';
import { editNewsPath } from './news-labels.ts';

/** Edit, or delete after a confirmation (read marks go with the item). */
export function NewsRowActions({ item }: { item: NewsItem }) {
  const navigate = useNavigate();
  const remove = useDeleteNews();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${item.title}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => navigate(editNewsPath(item.uuid))}>
            Edit
          </Menu.Item>
          <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={() => setConfirming(true)}>
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
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
