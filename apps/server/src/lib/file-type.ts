const startsWith = (buf: Buffer, bytes: number[] | string, at = 0) => {
  const want = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return buf.length >= at + want.length && buf.subarray(at, at + want.length).equals(want);
};

/**
 * The type a file really is, read from its first bytes; its name and declared type are not trusted
 * (docs/decisions/025-tickets.md). Anything else (an executable renamed to .png, HTML, SVG) is null.
 */
export const sniffType = (buf: Buffer): string | null => {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, 'GIF87a') || startsWith(buf, 'GIF89a')) return 'image/gif';
  if (startsWith(buf, 'RIFF') && startsWith(buf, 'WEBP', 8)) return 'image/webp';
  if (startsWith(buf, '%PDF-')) return 'application/pdf';
  return null;
};
