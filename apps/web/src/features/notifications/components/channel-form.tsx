import { Modal, MultiSelect, Select, Switch, Text, TextInput } from '@mantine/core';
import {
  channelCreateSchema,
  channelUpdateSchema,
  type Channel,
} from '@pxl/contract/notifications/notifications.schemas';
import { DialogActions, DialogForm } from '@/components/forms/form-layout.tsx';
import { useFormValues } from '@/components/forms/use-form-values.ts';
import { sessionCookies } from '@/lib/session/session-cookies.ts';
import { useCurrentRole } from '@/lib/session/auth-store.ts';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useViewport } from '@/lib/viewport-store.ts';
import { useSaveChannel } from '../api/save-channel.ts';
import { EVENT_LABELS, eventsFor, KIND_LABELS, kindsFor, setsApiBase } from './channel-labels.ts';
import { SECRET_FIELD, toBody, toValues, type ChannelValues } from './channel-values.ts';
import { ConfigFields } from './config-fields.tsx';

const SHOWN = ['kind', 'name', 'enabled', 'events', 'config'];

/** Create or change an alert channel; its kind is chosen once. */
export function ChannelForm({ channel, onClose }: { channel?: Channel; onClose: () => void }) {
  const role = useCurrentRole();
  const kinds = kindsFor(role);
  const { errors, submit, saving } = useSaveForm(useSaveChannel(channel?.uuid));
  const ownEmail = role === 'admin' || role === 'head' ? '' : (sessionCookies.readSession().email ?? '');
  const form = useFormValues<ChannelValues>(() => toValues(channel, kinds[0]!, ownEmail), errors);
  const phone = useViewport() === 'mobile';
  const save = () =>
    submit(channel ? channelUpdateSchema : channelCreateSchema, toBody(form.values, Boolean(channel)), {
      notice: (c) => `Channel ${c.name} ${channel ? 'saved' : 'created'}`,
      onSaved: onClose,
    });
  const other = Object.entries(errors).filter(([key]) => !SHOWN.includes(key.split('.')[0]!));
  const keepsSecret = Boolean(channel?.has_secret && SECRET_FIELD[form.values.kind]);
  return (
    <Modal
      opened
      onClose={onClose}
      title={channel ? `Edit channel ${channel.name}` : 'New channel'}
      size="lg"
      fullScreen={phone}
    >
      <DialogForm label="Channel" onSubmit={save}>
        <Select
          label="Kind"
          data={kinds.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          disabled={Boolean(channel)}
          comboboxProps={{ withinPortal: true }}
          {...form.choice('kind')}
        />
        <TextInput label="Name" required maxLength={100} {...form.text('name')} />
        <ConfigFields form={form} keepsSecret={keepsSecret} apiBase={setsApiBase(role)} errors={errors} />
        <MultiSelect
          label="Events"
          placeholder={form.values.events.length ? undefined : 'Every event'}
          data={eventsFor(role).map((e) => ({ value: e, label: EVENT_LABELS[e] }))}
          clearable
          comboboxProps={{ withinPortal: true }}
          {...form.list('events')}
        />
        <Switch label="Enabled" {...form.flag('enabled')} />
        {other.length > 0 && (
          <Text c="red" size="sm" data-testid="form-errors">
            {other.map(([, m]) => m).join(' ')}
          </Text>
        )}
        <DialogActions label={channel ? 'Save' : 'Create channel'} saving={saving} onCancel={onClose} />
      </DialogForm>
    </Modal>
  );
}
