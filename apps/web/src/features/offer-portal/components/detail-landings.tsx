import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { z } from 'zod';
import type { portalLandingSchema } from '@pxl/contract/offers/portal.schemas';

type PortalLanding = z.infer<typeof portalLandingSchema>;

/** Landings and pre-landings the affiliate may send traffic to, with a preview to look at first. */
export function DetailLandings({ landings }: { landings: PortalLanding[] }) {
  if (landings.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No landings: clicks go to the offer's own page.
      </Text>
    );
  return (
    <Stack gap="sm">
      {landings.map((l) => (
        <Group
          key={l.uuid}
          justify="space-between"
          gap="sm"
          wrap="nowrap"
          align="flex-start"
          data-testid="offer-landing"
        >
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
              {l.name}
            </Text>
            <Group gap={6} wrap="wrap">
              <Badge size="xs" radius="sm" variant="light" color={l.type === 'landing' ? 'indigo' : 'grape'}>
                {l.type === 'landing' ? 'Landing' : 'Pre-landing'}
              </Badge>
              <Text size="xs" c="dimmed">
                ID {l.id}
              </Text>
              {l.languages.length > 0 && (
                <Text size="xs" c="dimmed">
                  {l.languages.map((x) => x.toUpperCase()).join(', ')}
                </Text>
              )}
            </Group>
          </Stack>
          {l.preview_url ? (
            <Anchor
              href={l.preview_url}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              style={{ whiteSpace: 'nowrap' }}
            >
              <Group gap={4} wrap="nowrap">
                Preview <IconExternalLink size={14} />
              </Group>
            </Anchor>
          ) : (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              No preview
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}
