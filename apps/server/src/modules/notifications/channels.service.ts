import {
  MAX_CHANNELS_PER_OWNER,
  type AlertEvent,
  type Channel,
  type ChannelCreate,
  type ChannelKind,
  type ChannelUpdate,
} from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isAdminLike } from '../../lib/people.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { checkOwnRules, settleConfig, type ConfigIn } from './channel-rules.ts';
import { channelView } from './channel-view.ts';
import {
  countOwnedLocked,
  deleteChannelRow,
  findChannelRow,
  insertChannel,
  listChannelRows,
  updateChannelRow,
  type ChannelWithOwner,
} from './channels.repository.ts';

export type ChannelDeps = { db: Db; secrets: Secrets };
type Meta = { auth: AuthContext; ip: string };
type Change = 'create' | 'update' | 'delete';

const WHAT = 'Channel';

/** Who did what to which channel; never its secret or its settings, which may hold a chat or an address. */
const audit = (
  db: Db,
  { auth, ip }: Meta,
  change: Change,
  r: { id: string; kind: string; name: string; ownerId: string | null },
) =>
  writeAudit(db, {
    action: 'notification_channel_change',
    actorId: auth.user.id,
    subjectId: r.ownerId,
    ip,
    details: { channel_uuid: r.id, change, kind: r.kind, name: r.name, network: r.ownerId === null },
  });

export const listChannels = async (db: Db, auth: AuthContext) => ({
  list: (await listChannelRows(db, auth)).map(channelView),
});

export const getChannel = async (db: Db, auth: AuthContext, id: string) => {
  const row = await findChannelRow(db, auth, id);
  if (!row) throw notFound(WHAT);
  return channelView(row);
};

/** Admin and head add the network's channels; a manager or an affiliate adds their own. */
export const createChannel = async (
  { db, secrets }: ChannelDeps,
  body: ChannelCreate,
  meta: Meta,
): Promise<Channel> => {
  const { auth } = meta;
  const ownerId = isAdminLike(auth) ? null : auth.user.id;
  const c = body.config as ConfigIn;
  checkOwnRules(auth, body.kind, body.events, c);
  const { config, secret } = settleConfig(body.kind, c, null);
  const id = await inTransaction(db, async (tx) => {
    if ((await countOwnedLocked(tx, ownerId)) >= MAX_CHANNELS_PER_OWNER)
      throw new AppError(409, { channels: `At most ${MAX_CHANNELS_PER_OWNER} channels each` });
    const id = await insertChannel(tx, {
      ownerId,
      kind: body.kind,
      name: body.name,
      enabled: body.enabled,
      events: body.events,
      config,
      secretSealed: secret === undefined ? null : secrets.encrypt(secret),
      createdBy: auth.user.id,
    });
    await audit(tx, meta, 'create', { id, kind: body.kind, name: body.name, ownerId });
    return id;
  });
  return getChannel(db, auth, id);
};

/** Fields left out keep their values; a channel never changes kind; the owner's rules hold for the result. */
export const updateChannel = async (
  { db, secrets }: ChannelDeps,
  id: string,
  body: ChannelUpdate,
  meta: Meta,
): Promise<Channel> => {
  await inTransaction(db, async (tx) => {
    const row = await findChannelRow(tx, meta.auth, id, true);
    if (!row) throw notFound(WHAT);
    if (row.kind !== body.kind) throw new AppError(422, { kind: 'A channel keeps its kind: add a new one instead' });
    const kind = row.kind as ChannelKind;
    const c = (body.config ?? {}) as ConfigIn;
    const events = body.events ?? (row.events as AlertEvent[]);
    checkOwnRules(meta.auth, kind, events, { ...(row.config as ConfigIn), ...c, api_base: c.api_base });
    const { config, secret } = settleConfig(kind, c, { config: row.config, hasSecret: row.secretSealed !== null });
    await updateChannelRow(tx, id, {
      name: body.name ?? row.name,
      enabled: body.enabled ?? row.enabled,
      events,
      config,
      ...(secret !== undefined && { secretSealed: secrets.encrypt(secret) }),
    });
    await audit(tx, meta, 'update', { ...row, name: body.name ?? row.name });
  });
  return getChannel(db, meta.auth, id);
};

export const deleteChannel = async (db: Db, id: string, meta: Meta) =>
  inTransaction(db, async (tx) => {
    const row = await findChannelRow(tx, meta.auth, id, true);
    if (!row) throw notFound(WHAT);
    await deleteChannelRow(tx, id);
    await audit(tx, meta, 'delete', row);
    return { uuid: id };
  });

/** The channel with its secret unsealed, for a send; 404 when the caller may not see it. */
export const channelForSend = async ({ db, secrets }: ChannelDeps, auth: AuthContext, id: string) => {
  const row: ChannelWithOwner | null = await findChannelRow(db, auth, id);
  if (!row) throw notFound(WHAT);
  return {
    kind: row.kind as ChannelKind,
    config: row.config,
    secret: row.secretSealed === null ? null : secrets.decrypt(row.secretSealed),
  };
};
