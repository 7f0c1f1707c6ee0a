import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FieldErrors } from './form-errors.ts';
import { ApiError } from './http/api-error.ts';
import { clearNotifications, notificationStore } from './notifications/notification-store.ts';
import { submitForm, type SaveMutation } from './save-form.ts';

const schema = z.object({ email: z.email('Enter an email'), name: z.string().min(1, 'Enter a name') });
type Body = z.output<typeof schema>;

/** A mutation that answers at once, as react-query calls back after the request. */
function mutation(answer: { saved: { id: number } } | { error: unknown }) {
  const sent: Body[] = [];
  const save: SaveMutation<Body, { id: number }> = {
    isPending: false,
    mutate: (body, callbacks) => {
      sent.push(body);
      if ('saved' in answer) callbacks.onSuccess(answer.saved);
      else callbacks.onError(answer.error);
    },
  };
  return { save, sent };
}

const form = (save: SaveMutation<Body, { id: number }>, shape = (e: FieldErrors) => e) => {
  const shown: FieldErrors[] = [];
  return { shown, form: { save, setErrors: (e: FieldErrors) => shown.push(e), shape } };
};
const notices = () => notificationStore.getState().items.map((n) => `${n.type}: ${n.text}`);

describe('submitForm', () => {
  afterEach(() => clearNotifications());

  it('shows the schema messages under the fields and sends nothing', () => {
    const { save, sent } = mutation({ saved: { id: 1 } });
    const { shown, form: f } = form(save);
    submitForm(f, schema, { email: 'nope', name: '' }, { notice: 'Saved' });
    expect(shown).toEqual([{ email: 'Enter an email', name: 'Enter a name' }]);
    expect(sent).toEqual([]);
    expect(notices()).toEqual([]);
  });

  it('stops on a failed check after the schema passes', () => {
    const { save, sent } = mutation({ saved: { id: 1 } });
    const { shown, form: f } = form(save);
    submitForm(
      f,
      schema,
      { email: 'a@b.test', name: 'A' },
      { check: (body) => (body.name === 'A' ? { name: 'Taken' } : null) },
    );
    expect(shown).toEqual([{ name: 'Taken' }]);
    expect(sent).toEqual([]);
  });

  it('clears the errors, sends the parsed body, says it saved and hands over the answer', () => {
    const { save, sent } = mutation({ saved: { id: 7 } });
    const { shown, form: f } = form(save);
    const saved: number[] = [];
    submitForm(
      f,
      schema,
      { email: 'a@b.test', name: 'A', extra: 1 },
      { notice: (s) => `Saved #${s.id}`, onSaved: (s) => saved.push(s.id) },
    );
    expect(shown).toEqual([{}]);
    expect(sent).toEqual([{ email: 'a@b.test', name: 'A' }]);
    expect(notices()).toEqual(['success: Saved #7']);
    expect(saved).toEqual([7]);
  });

  it("puts the server's field messages under the fields, shaped for the screen, without a notice", () => {
    const { save } = mutation({ error: new ApiError('refused', 'envelope', 422, { email: 'Already used' }) });
    const { shown, form: f } = form(save, (e) => ({ ...e, email: `${e.email}!` }));
    submitForm(f, schema, { email: 'a@b.test', name: 'A' }, { notice: 'Saved' });
    expect(shown).toEqual([{}, { email: 'Already used!' }]);
    expect(notices()).toEqual([]);
  });
});
