import { type NewsSourceFields, newsSourceFieldsSchema } from '@candlewise/shared/news/news-schemas';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { validationFailed } from '@/testing/mock-api';
import { type AdminFormModalOptions, errorsFromApi, useAdminFormModal } from './use-admin-form-modal';

type Draft = { name: string; url: string; category: 'markets'; enabled: boolean };

const validDraft: Draft = {
  name: 'Markets desk',
  url: 'https://example.com/rss.xml',
  category: 'markets',
  enabled: true,
};

function renderForm(overrides: Partial<AdminFormModalOptions<Draft, NewsSourceFields>> = {}) {
  const submit = vi.fn((_fields: NewsSourceFields) => Promise.resolve());
  const onClose = vi.fn();
  const view = renderHook(() =>
    useAdminFormModal<Draft, NewsSourceFields>({
      initialDraft: validDraft,
      schema: newsSourceFieldsSchema,
      submit,
      onClose,
      ...overrides,
    } as AdminFormModalOptions<Draft, NewsSourceFields>),
  );
  return { ...view, submit, onClose };
}

/** What the client throws for the API's validation reply. */
const refusal = () => {
  const { status, body } = validationFailed(
    { url: 'The address answered 404.' },
    'The feed could not be read.',
  );
  return new ApiError(status, body.message, body.code, body.details);
};

describe('useAdminFormModal', () => {
  it('checks the draft with the schema and names the failing field, sending nothing', async () => {
    const { result, submit, onClose } = renderForm({ initialDraft: { ...validDraft, name: 'x' } });

    await act(() => result.current.save());

    expect(result.current.errors).toEqual({ name: 'Name the source in at least 2 characters.' });
    expect(result.current.item('name')).toEqual({
      htmlFor: `${result.current.formId}-name`,
      validateStatus: 'error',
      help: 'Name the source in at least 2 characters.',
    });
    expect(result.current.item('url')).toMatchObject({ validateStatus: undefined, help: undefined });
    expect(result.current.fieldId('name')).toBe(result.current.item('name').htmlFor);
    expect(submit).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('clears a field’s message when that field changes, and only that one', async () => {
    const { result } = renderForm({ initialDraft: { ...validDraft, name: 'x', url: 'not a url' } });
    await act(() => result.current.save());
    expect(Object.keys(result.current.errors).sort()).toEqual(['name', 'url']);

    act(() => result.current.change('name', 'Markets desk'));

    expect(result.current.draft.name).toBe('Markets desk');
    expect(result.current.errors.name).toBeUndefined();
    expect(result.current.errors.url).toBeDefined();
  });

  it('puts the server’s details under their fields and its sentence above the form', async () => {
    const { result, onClose } = renderForm({ submit: () => Promise.reject(refusal()) });

    await act(() => result.current.save());

    expect(result.current.errors).toEqual({
      '': 'The feed could not be read.',
      url: 'The address answered 404.',
    });
    expect(result.current.pending).toBe(false);
    expect(onClose).not.toHaveBeenCalled();

    // The form's sentence stays until the next save, unless the form asks otherwise.
    act(() => result.current.change('url', 'https://example.com/atom.xml'));
    expect(result.current.errors).toEqual({ '': 'The feed could not be read.' });
  });

  it('clears the form’s sentence on any change when asked to', async () => {
    const { result } = renderForm({
      submit: () => Promise.reject(refusal()),
      clearFormErrorOnChange: true,
    });
    await act(() => result.current.save());

    act(() => result.current.change('enabled', false));

    expect(result.current.errors).toEqual({ url: 'The address answered 404.' });
  });

  it('sends the parsed data, shows the save under way, and closes once it succeeds', async () => {
    let finish = () => {};
    const submit = vi.fn((_fields: NewsSourceFields) => new Promise<void>((resolve) => (finish = resolve)));
    const { result, onClose } = renderForm({
      initialDraft: { ...validDraft, name: '  Markets desk ' },
      submit,
    });
    expect(result.current.modalProps.confirmLoading).toBe(false);

    let saved = Promise.resolve();
    act(() => {
      saved = result.current.save();
    });
    expect(submit).toHaveBeenCalledWith(validDraft);
    expect(result.current.pending).toBe(true);
    expect(result.current.modalProps.confirmLoading).toBe(true);
    expect(onClose).not.toHaveBeenCalled();

    await act(async () => {
      finish();
      await saved;
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(result.current.pending).toBe(false);
    expect(result.current.errors).toEqual({});
  });

  it('validates with a function when the draft is not the request’s shape', async () => {
    const submit = vi.fn(() => Promise.resolve());
    const { result } = renderForm({
      schema: undefined,
      validate: (draft) =>
        draft.enabled ? { errors: { enabled: 'Turn it off first.' } } : { data: { ...draft, name: 'Sent' } },
      submit,
    });

    await act(() => result.current.save());
    expect(result.current.errors).toEqual({ enabled: 'Turn it off first.' });

    act(() => result.current.change('enabled', false));
    await act(() => result.current.save());
    expect(submit).toHaveBeenCalledWith({ ...validDraft, enabled: false, name: 'Sent' });
  });
});

describe('errorsFromApi', () => {
  it('keeps the first message per field and says something for an error without one', () => {
    const error = new ApiError(409, 'Taken.', 'CONFLICT', [
      { path: 'id', message: 'That id is taken.' },
      { path: 'id', message: 'Second message.' },
    ]);
    expect(errorsFromApi(error)).toEqual({ '': 'Taken.', id: 'That id is taken.' });
    expect(errorsFromApi(new Error('Network down.'))).toEqual({ '': 'Network down.' });
    expect(errorsFromApi('odd', 'The save failed. Please try again.')).toEqual({
      '': 'The save failed. Please try again.',
    });
  });
});
