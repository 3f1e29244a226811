import { z } from '@shared/zod';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FORM_NOT_CHECKED } from './lazy-zod-resolver';
import { useDialogForm } from './use-dialog-form';

const schema = z.object({ name: z.string().trim().min(1, 'Name is required') });

function setup(open: boolean) {
  const load = vi.fn(async () => schema);
  const onClose = vi.fn();
  const hook = renderHook(({ isOpen }) => useDialogForm(load, { name: '' }, onClose, isOpen), {
    initialProps: { isOpen: open },
  });
  return { hook, load, onClose };
}

describe('useDialogForm', () => {
  it('loads its schema when the dialog opens, not when the page renders it closed', async () => {
    const { hook, load } = setup(false);
    expect(load).not.toHaveBeenCalled();
    hook.rerender({ isOpen: true });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });

  it('validates with the loaded schema: its message, and the parsed values on success', async () => {
    const { hook } = setup(true);
    const submitted = vi.fn();
    await act(() => hook.result.current.form.handleSubmit(submitted)());
    expect(submitted).not.toHaveBeenCalled();
    expect(hook.result.current.form.getFieldState('name').error?.message).toBe('Name is required');

    act(() => hook.result.current.form.setValue('name', '  Ada  '));
    await act(() => hook.result.current.form.handleSubmit(submitted)());
    expect(submitted).toHaveBeenCalledWith({ name: 'Ada' }, undefined);
  });

  it('sends nothing when its schema cannot load, and keeps the entry', async () => {
    const load = vi.fn(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const hook = renderHook(() => useDialogForm(load, { name: '' }, vi.fn()));
    const submitted = vi.fn();
    act(() => hook.result.current.form.setValue('name', 'Ada'));
    await act(() => hook.result.current.form.handleSubmit(submitted)());
    expect(submitted).not.toHaveBeenCalled();
    expect(hook.result.current.form.getFieldState('root' as 'name').error?.message).toBe(
      FORM_NOT_CHECKED,
    );
    expect(hook.result.current.form.getValues()).toEqual({ name: 'Ada' });
  });

  it('empties the form and closes', async () => {
    const { hook, onClose } = setup(true);
    act(() => hook.result.current.form.setValue('name', 'Ada'));
    act(() => hook.result.current.close());
    expect(hook.result.current.form.getValues()).toEqual({ name: '' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
