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

/** The extensions each checked type is saved under; the first is the one given to a name without a right one. */
const EXTENSIONS: Record<string, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
};

/**
 * A file's name whose extension matches the type read from its bytes, so it is saved as what it is: a PDF named
 * "invoice.cmd" becomes "invoice.pdf", "scan" becomes "scan.pdf"; "photo.JPEG" stays. A short last part after a dot
 * (1 to 5 letters or digits) counts as an extension and is replaced; anything else is kept and the extension added.
 */
export const nameForType = (name: string, mime: string) => {
  const exts = EXTENSIONS[mime];
  if (!exts) return name;
  const m = /^(.*[^.])\.([a-z0-9]{1,5})$/i.exec(name);
  if (m && exts.includes(m[2].toLowerCase())) return name;
  return `${m ? m[1] : name.replace(/\.+$/, '')}.${exts[0]}`;
};
