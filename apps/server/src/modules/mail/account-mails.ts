import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { users } from '../../db/schema.ts';

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'config'>;

export const panelUrl = ({ config }: Pick<AppDeps, 'config'>) =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');

/** A partner moved from moderation to active is told they may sign in (docs/product/tickets-and-mail.md). */
export const mailIfApproved = async (deps: Deps, userId: string, from: string, to: string) => {
  if (from !== 'on_moderation' || to !== 'active') return;
  const [u] = await deps.db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  if (!u) return;
  await deps.mailer.send({
    to: u.email,
    template: 'account_approved',
    vars: { name: u.firstName, loginUrl: `${panelUrl(deps)}/login` },
  });
};
