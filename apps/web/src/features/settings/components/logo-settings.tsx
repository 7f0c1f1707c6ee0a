import { Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { usePublicSettings } from '../api/get-public-settings.ts';
import { useRemoveLogo, useUploadLogo } from '../api/logo.ts';
import { BrandLogo } from './brand-logo.tsx';

const ACCEPT = 'image/png,image/jpeg,image/webp';

/** Upload or remove the logo shown in the header and on the sign-in page (docs/product/settings.md). */
export function LogoSettings() {
  const hasLogo = Boolean(usePublicSettings().data?.logo_version);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  return (
    <Paper withBorder radius="md" p="lg" maw={560}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          Logo
        </Title>
        {hasLogo ? (
          <Group>
            <BrandLogo height={48} />
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            No logo: the partner title is shown instead.
          </Text>
        )}
        <Text size="xs" c="dimmed">
          PNG, JPEG or WebP, at most 512 KB. Shown in the header and on the sign-in page.
        </Text>
        <Group gap="xs">
          <FileButton onChange={(f) => f && upload.mutate(f)} accept={ACCEPT}>
            {(props) => (
              <Button {...props} size="xs" loading={upload.isPending} leftSection={<IconUpload size={14} />}>
                {hasLogo ? 'Replace logo' : 'Upload logo'}
              </Button>
            )}
          </FileButton>
          {hasLogo && (
            <Button
              size="xs"
              variant="default"
              color="red"
              loading={remove.isPending}
              leftSection={<IconTrash size={14} />}
              onClick={() => remove.mutate(undefined)}
            >
              Remove logo
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
