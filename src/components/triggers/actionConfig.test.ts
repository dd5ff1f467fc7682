import {
  formFieldOf,
  hasForm,
  toConfig,
  toFormValues,
  withPlaceholder,
  type RecordValues,
  type WebhookValues,
} from './actionConfig';

describe('action configuration forms', () => {
  it('knows which types have a form', () => {
    expect(hasForm('notify')).toBe(true);
    expect(hasForm('update_record')).toBe(true);
    expect(hasForm('send_sms')).toBe(false);
    expect(hasForm(undefined)).toBe(false);
  });

  it('notify: round trip, the record field left out when empty', () => {
    const config = {
      recipients: { users: ['u1'], groups: [], field: 'owner' },
      title: 'Closed: {{title}}',
      body: '',
      email: true,
    };
    expect(toConfig('notify', toFormValues('notify', config))).toEqual(config);
    expect(toConfig('notify', { ...toFormValues('notify', config), field: ' ' })).toEqual({
      recipients: { users: ['u1'], groups: [] },
      title: 'Closed: {{title}}',
      body: '',
      email: true,
    });
    expect(toFormValues('notify', {})).toEqual({ users: [], groups: [], field: undefined, title: '', body: '', email: false });
  });

  it('webhook: seconds in the form, ms in the configuration; headers as rows; empty optionals left out', () => {
    const config = {
      url: 'https://example.com/h',
      method: 'PUT',
      headers: { 'X-Team': 'audit' },
      secretVariable: 'hook_secret',
      timeoutMs: 15_000,
      bodyTemplate: '{"id": {{record.id}}}',
    };
    const values = toFormValues('webhook', config) as WebhookValues;
    expect(values.timeout).toBe(15);
    expect(values.headers).toEqual([{ name: 'X-Team', value: 'audit' }]);
    expect(toConfig('webhook', values)).toEqual(config);
    expect(toConfig('webhook', toFormValues('webhook', { url: 'http://x.test' }))).toEqual({
      url: 'http://x.test',
      method: 'POST',
      headers: {},
      timeoutMs: 10_000,
    });
    expect(
      toConfig('webhook', {
        ...values,
        headers: [
          { name: ' ', value: 'x' },
          { name: ' A ', value: 'b' },
        ],
      }),
    ).toMatchObject({
      headers: { A: 'b' },
    });
  });

  it('record types: constants and formulas; create keeps its subject, update leaves the defaults out', () => {
    const config = {
      set: [
        { field: 'resolution', value: 'done' },
        { field: 'score', formula: 'score + 1' },
      ],
    };
    const values = toFormValues('update_record', config) as RecordValues;
    expect(values.set.map((s) => s.mode)).toEqual(['value', 'formula']);
    expect(toConfig('update_record', values)).toEqual(config);
    expect(toConfig('create_record', { subject: 'tasks', set: [{ field: 'title', mode: 'value' }] })).toEqual({
      subject: 'tasks',
      set: [{ field: 'title', value: null }],
    });
    expect(toConfig('create_record', { set: [] })).toEqual({ subject: '', set: [] });
  });

  it("puts the server's errors on the form's fields", () => {
    expect(formFieldOf('notify', 'recipients', {})).toEqual(['users']);
    expect(formFieldOf('notify', 'title', {})).toEqual(['title']);
    expect(formFieldOf('webhook', 'timeoutMs', {})).toEqual(['timeout']);
    expect(formFieldOf('webhook', 'headers.Host', { headers: [{ name: 'a' }, { name: 'Host' }] })).toEqual([
      'headers',
      1,
      'name',
    ]);
    expect(formFieldOf('webhook', 'headers', {})).toEqual(['headers']);
    expect(formFieldOf('webhook', 'method', {})).toEqual(['method']);
    expect(formFieldOf('webhook', 'whatever', {})).toBeUndefined();
    const rec = { set: [{ mode: 'value' as const }, { mode: 'formula' as const }] };
    expect(formFieldOf('update_record', 'set.1.value', rec)).toEqual(['set', 1, 'formula']);
    expect(formFieldOf('update_record', 'set.0.field', rec)).toEqual(['set', 0, 'field']);
    expect(formFieldOf('update_record', 'set', rec)).toEqual(['set']);
    expect(formFieldOf('update_record', '', rec)).toBeUndefined();
    expect(formFieldOf('create_record', 'subject', rec)).toEqual(['subject']);
  });

  it('appends a placeholder', () => {
    expect(withPlaceholder('', 'title')).toBe('{{title}}');
    expect(withPlaceholder('Closed:', 'title')).toBe('Closed: {{title}}');
    expect(withPlaceholder('a ', 'b')).toBe('a {{b}}');
  });
});
