import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_SMTP_SETTINGS, SMTP_SECURITY, type SmtpSettings, type SmtpSettingsBody } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { Secrets } from '../../lib/secrets.ts';

export const SMTP_KEY = 'smtp';

/** As stored: the password sealed with the app's secrets (lib/secrets.ts), like TOTP secrets. */
const storedSchema = z.object({
  host: z.string().default(''),
  port: z.number().int().default(587),
  security: z.enum(SMTP_SECURITY).default('starttls'),
  user: z.string().default(''),
  password_sealed: z.string().nullable().default(null),
  from_name: z.string().default(''),
  from_email: z.string().default(''),
});
type Stored = z.infer<typeof storedSchema>;

/** What delivery needs, the password opened; null while no SMTP server is configured. */
export type SmtpConfig = Omit<Stored, 'password_sealed'> & { password: string | null };

const readStored = async (db: Db): Promise<Stored> => {
  const [row] = await db.select().from(settings).where(eq(settings.key, SMTP_KEY)).limit(1);
  const parsed = storedSchema.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : storedSchema.parse({});
};

const toPublic = ({ password_sealed, ...s }: Stored): SmtpSettings => ({
  ...DEFAULT_SMTP_SETTINGS,
  ...s,
  from_email: s.from_email,
  password_set: password_sealed !== null,
  configured: s.host !== '',
});

export const getSmtpSettings = async (db: Db) => toPublic(await readStored(db));

export const readSmtpConfig = async (db: Db, secrets: Secrets): Promise<SmtpConfig | null> => {
  const { password_sealed, ...s } = await readStored(db);
  if (!s.host) return null;
  return { ...s, password: password_sealed ? secrets.decrypt(password_sealed) : null };
};

/** Saves and audits the change; the password shows in the audit only as "changed", never its value. */
export const saveSmtpSettings = async (
  db: Db,
  secrets: Secrets,
  body: SmtpSettingsBody,
  actorId: string,
  ip: string,
) => {
  const before = await readStored(db);
  const { password, ...fields } = body;
  const sealed = password === null ? null : password ? secrets.encrypt(password) : before.password_sealed;
  const next: Stored = { ...fields, password_sealed: sealed };
  await db
    .insert(settings)
    .values({ key: SMTP_KEY, value: next })
    .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: sql`now()` } });
  const changed: Record<string, unknown> = Object.fromEntries(
    Object.entries(fields)
      .filter(([k, v]) => before[k as keyof Stored] !== v)
      .map(([k, v]) => [k, { from: before[k as keyof Stored], to: v }]),
  );
  if (sealed !== before.password_sealed) changed.password = password === null ? 'removed' : 'changed';
  await writeAudit(db, { action: 'settings_change', actorId, ip, details: { section: SMTP_KEY, changed } });
  return toPublic(next);
};
