import { describe, expect, it } from 'vitest';
import { createBody, initialValues, localErrors, showsAny, updateBody } from './task-form-values';

describe('the task form values', () => {
  const request = () => ({
    ...initialValues(undefined, { vendorId: 4 }, []),
    title: '  Relevés  ',
    items: [
      { key: 1, label: 'Banque', kind: 'document' as const },
      { key: 2, label: ' ', kind: 'answer' as const },
    ],
  });

  it('checks the title, the client file and the labels of several items', () => {
    expect(localErrors(request())).toEqual({ 'items.1.label': 'required' });
    expect(localErrors({ ...initialValues(undefined, undefined, []), items: [] })).toEqual({
      title: 'required',
      vendor_id: 'required',
    });
  });

  it('sends the items of a request with a label, and no dependencies when it has sub-tasks', () => {
    const values = request();
    const common = updateBody(values, { internal: false, isRequest: true, hasSubtasks: true });
    expect(common).toMatchObject({ title: 'Relevés', reminder_frequency: 'none' });
    expect(common).not.toHaveProperty('depends_on_ids');
    expect(createBody(values, common, true)).toMatchObject({
      vendor_id: 4,
      items: [{ label: 'Banque', kind: 'document' }],
    });
  });

  it('shows under the fields only the errors of fields it has', () => {
    expect(showsAny({ 'items.0.label': ['required'] })).toBe(true);
    expect(showsAny({ accounting_firm_id: ['required'] })).toBe(false);
  });
});
