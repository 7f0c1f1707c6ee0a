import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coldDistributions, coldProductClaims, coldSends } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Before a list or a rule is deleted: refused (409) while a distribution that is not deleted uses it, since its
 * counters, sends and history still name it. Distributions already deleted that used it go with it, with their send
 * rows and product claims (a deleted distribution's claims may be taken over anyway); the re-sent copies themselves
 * stay as user sessions, so re-send counts, statistics and money do not change. Run inside the deleting transaction,
 * after the list or rule row is locked.
 */
export const dropDeletedDistributions = async (tx: Db, of: 'list' | 'rule', id: string) => {
  const column = of === 'list' ? coldDistributions.listId : coldDistributions.ruleId;
  const using = await tx
    .select({ id: coldDistributions.id, title: coldDistributions.title, status: coldDistributions.status })
    .from(coldDistributions)
    .where(eq(column, id))
    .orderBy(coldDistributions.createdAt)
    .for('update');
  const live = using.filter((d) => d.status !== 'deleted');
  if (live.length) {
    const more = live.length > 1 ? ` and ${live.length - 1} more` : '';
    throw new AppError(409, {
      [of]: `The distribution "${live[0].title}"${more} ${live.length > 1 ? 'use' : 'uses'} this ${of}; delete ${live.length > 1 ? 'them' : 'it'} first`,
    });
  }
  const gone = using.map((d) => d.id);
  if (!gone.length) return;
  await tx.delete(coldProductClaims).where(inArray(coldProductClaims.distributionId, gone));
  await tx.delete(coldSends).where(inArray(coldSends.distributionId, gone));
  await tx.delete(coldDistributions).where(inArray(coldDistributions.id, gone));
};
