import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { Landing } from '@pxl/contract/landings/landings.schemas';
import { dateColumn, RecordLink, type DataColumn } from '@/components/data-table/index.ts';
import { CutText } from '@/components/ui/cut-text.tsx';
import {
  PRIVACY_LABELS,
  STATUS_LABELS,
  TYPE_LABELS,
  editPath,
  labelOf,
  offerLabel,
  previewHref,
} from './landing-labels.ts';
import { LandingStatusBadge } from './status-badge.tsx';

const none = (
  <Text span c="dimmed">
    —
  </Text>
);

function UrlCell({ landing }: { landing: Landing }) {
  return (
    <Group gap={4} wrap="nowrap">
      <CutText text={landing.url} length={36} />
      <Tooltip label={landing.preview_url ? 'Open preview' : 'Open landing'}>
        <ActionIcon
          component="a"
          href={previewHref(landing)}
          target="_blank"
          rel="noopener noreferrer"
          variant="subtle"
          size="sm"
          aria-label={`Open preview of ${landing.name}`}
        >
          <IconExternalLink size={14} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function OffersCell({ landing }: { landing: Landing }) {
  const count = (
    <Badge variant={landing.offers.length ? 'filled' : 'default'} color="indigo" radius="sm">
      {landing.offers.length}
    </Badge>
  );
  if (!landing.offers.length) return count;
  return (
    <Tooltip label={landing.offers.map(offerLabel).join('\n')} multiline maw={360} style={{ whiteSpace: 'pre-line' }}>
      {count}
    </Tooltip>
  );
}

/** Columns of the landings list. */
export function landingColumns(timeZone: string, languageName: (code: string) => string): DataColumn<Landing>[] {
  return [
    {
      key: 'id',
      header: 'ID',
      width: 70,
      sortable: true,
      render: (l) => <RecordLink to={editPath(l)}>{l.id}</RecordLink>,
    },
    { key: 'name', header: 'Name', sortable: true, render: (l) => <RecordLink to={editPath(l)}>{l.name}</RecordLink> },
    {
      key: 'type',
      header: 'Type',
      exportValue: (l) => TYPE_LABELS[l.type],
      render: (l) => (
        <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
          {TYPE_LABELS[l.type]}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      exportValue: (l) => STATUS_LABELS[l.status],
      render: (l) => <LandingStatusBadge status={l.status} />,
    },
    {
      key: 'privacy',
      header: 'Privacy',
      exportValue: (l) => labelOf(PRIVACY_LABELS, l.privacy),
      render: (l) => labelOf(PRIVACY_LABELS, l.privacy),
    },
    { key: 'url', header: 'URL', render: (l) => <UrlCell landing={l} /> },
    {
      key: 'preview_url',
      header: 'Preview URL',
      hidden: true,
      render: (l) => (l.preview_url ? <CutText text={l.preview_url} length={36} /> : none),
    },
    {
      key: 'languages',
      header: 'Languages',
      exportValue: (l) => l.languages.join(', '),
      render: (l) =>
        l.languages.length ? (
          <Tooltip label={l.languages.map(languageName).join(', ')} multiline maw={300}>
            <Text span size="sm">
              {l.languages.map((c) => c.toUpperCase()).join(', ')}
            </Text>
          </Tooltip>
        ) : (
          none
        ),
    },
    {
      key: 'tags',
      header: 'Tags',
      render: (l) =>
        l.tags.length ? (
          <Group gap={4}>
            {l.tags.map((t) => (
              <Badge key={t} variant="outline" color="gray" radius="sm" tt="none">
                {t}
              </Badge>
            ))}
          </Group>
        ) : (
          none
        ),
    },
    {
      key: 'offers',
      header: 'Offers',
      exportValue: (l) => l.offers.map(offerLabel).join('; '),
      render: (l) => <OffersCell landing={l} />,
    },
    dateColumn('created_at', 'Created', timeZone, { sortable: true }),
  ];
}
