const DEVICES: Record<string, string> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet' };
const OSS: Record<string, string> = {
  android: 'Android',
  ios: 'iOS',
  huawei: 'Huawei',
  'mac-os': 'macOS',
  windows: 'Windows',
  'other-os': 'Other OS',
};

export const deviceLabel = (d: string): string => DEVICES[d] ?? d;
export const osLabel = (o: string): string => OSS[o] ?? o;
