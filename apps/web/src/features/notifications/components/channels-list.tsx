import { useState } from 'react';
import { Badge, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { Channel } from '@pxl/contract/notifications/notifications.schemas';
import { ConfirmModal, RowMenu } from '@/components/data-table/index.ts';
import { DateCell } from '@/components/ui/date-cell.tsx';
import { NoneText } from '@/components/ui/plain-table.tsx';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { useDeleteChannel } from '../api/delete-channel.ts';
import { useChannels } from '../api/list-channels.ts';
import { eventsText, KIND_LABELS } from './channel-labels.ts';
import { ChannelForm } from './channel-form.tsx';
import { TestButton } from './test-button.tsx';

function DeleteChannel({ channel, onClose }: { channel: Channel; onClose: () => void }) {
  const remove = useDeleteChannel();
  return (
    <ConfirmModal
      opened
      title="Delete channel"
      confirmLabel="Delete"
      loading={remove.isPending}
      text={`Delete the channel "${channel.name}"? Its alerts not yet sent are dropped.`}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(channel.uuid, {
          onSuccess: () => {
            notifySuccess(`Channel ${channel.name} deleted`);
            onClose();
          },
        })
      }
    />
  );
}

function LastSent({ channel, timeZone }: { channel: Channel; timeZone: string }) {
  return (
    <>
      {channel.last_sent_at ? <DateCell value={channel.last_sent_at} timeZone={timeZone} /> : 'Never'}
      {channel.last_error && (
        <Text size="xs" c="red">
          {channel.last_error}
        </Text>
      )}
    </>
  );
}

type RowProps = { channel: Channel; timeZone: string; showOwner: boolean; onEdit: () => void; onDelete: () => void };

function ChannelRow({ channel, timeZone, showOwner, onEdit, onDelete }: RowProps) {
  return (
    <Table.Tr data-channel={channel.name}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {channel.name}
        </Text>
        {!channel.enabled && (
          <Badge size="xs" variant="light" color="gray" radius="sm">
            Off
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{KIND_LABELS[channel.kind]}</Table.Td>
      <Table.Td style={{ wordBreak: 'break-all' }}>{channel.target}</Table.Td>
      <Table.Td>{eventsText(channel.events)}</Table.Td>
      {showOwner && <Table.Td>{channel.owner?.name ?? 'Network'}</Table.Td>}
      <Table.Td>
        <LastSent channel={channel} timeZone={timeZone} />
      </Table.Td>
      <Table.Td>
        <TestButton channel={channel} />
      </Table.Td>
      <Table.Td>
        <Group justify="flex-end">
          <RowMenu label={`Actions for ${channel.name}`}>
            <Menu.Item leftSection={<IconEdit size={14} />} onClick={onEdit}>
              Edit
            </Menu.Item>
            <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={onDelete}>
              Delete
            </Menu.Item>
          </RowMenu>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The channels the user sees, each with a test button; admin and head also see whose each is. */
export function ChannelsList({ timeZone, showOwner }: { timeZone: string; showOwner: boolean }) {
  const channels = useChannels();
  const [editing, setEditing] = useState<Channel | null>(null);
  const [deleting, setDeleting] = useState<Channel | null>(null);
  if (channels.isPending) return <NoneText>Loading channels…</NoneText>;
  if (!channels.data?.list.length) return <NoneText>No channels yet.</NoneText>;
  return (
    <>
      <Table.ScrollContainer minWidth={showOwner ? 1000 : 880}>
        <Table verticalSpacing="xs" aria-label="Channels">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Sends to</Table.Th>
              <Table.Th>Events</Table.Th>
              {showOwner && <Table.Th>Owner</Table.Th>}
              <Table.Th>Last sent</Table.Th>
              <Table.Th>Test</Table.Th>
              <Table.Th w={48}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {channels.data.list.map((channel) => (
              <ChannelRow
                key={channel.uuid}
                channel={channel}
                timeZone={timeZone}
                showOwner={showOwner}
                onEdit={() => setEditing(channel)}
                onDelete={() => setDeleting(channel)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editing && <ChannelForm key={editing.uuid} channel={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteChannel key={deleting.uuid} channel={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
