import { Image } from '@mantine/core';
import { logoUrl } from '../api/logo.ts';
import { usePublicSettings } from '../api/get-public-settings.ts';

/** The partner's logo when one is uploaded; nothing otherwise, so the title stands alone. */
export function BrandLogo({ height }: { height: number }) {
  const version = usePublicSettings().data?.logo_version;
  if (!version) return null;
  return (
    <Image
      src={logoUrl(version)}
      alt="Logo"
      h={height}
      w="auto"
      maw={height * 4}
      fit="contain"
      data-testid="brand-logo"
    />
  );
}
