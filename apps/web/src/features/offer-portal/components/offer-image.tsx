import { useState } from 'react';
import { Center, Image, Text } from '@mantine/core';
import { labelOf, verticalColor } from './offer-labels.ts';

/** The offer's image, or a block in the vertical's colour with its initial when there is none (or it fails to load). */
export function OfferImage({
  url,
  vertical,
  verticals,
  size,
  height = 120,
  radius = 'md',
}: {
  url: string | null;
  vertical: string;
  verticals: Record<string, string>;
  /** Square side in px; without it the image fills the width at `height`. */
  size?: number;
  height?: number;
  radius?: string;
}) {
  const [broken, setBroken] = useState(false);
  const label = labelOf(verticals, vertical);
  const w = size ?? '100%';
  const h = size ?? height;
  if (url && !broken) {
    return (
      <Image
        src={url}
        alt=""
        radius={radius}
        fit="cover"
        w={w}
        h={h}
        onError={() => setBroken(true)}
        style={{ flexShrink: 0 }}
      />
    );
  }
  const color = verticalColor(vertical);
  return (
    <Center
      bg={`${color}.1`}
      c={`${color}.7`}
      w={w}
      h={h}
      role="img"
      aria-label={`${label} offer`}
      style={{ borderRadius: `var(--mantine-radius-${radius})`, flexShrink: 0, textDecoration: 'none' }}
    >
      <Text fw={700} fz={Math.max(16, Math.min(h, 120) / 2.5)} lh={1} style={{ textDecoration: 'none' }}>
        {label.charAt(0).toUpperCase()}
      </Text>
    </Center>
  );
}
