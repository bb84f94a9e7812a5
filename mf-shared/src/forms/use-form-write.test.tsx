import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { SubmitRow } from './form-controls';
import { useFormSubmit, useFormWrite } from './use-form-write';
import { formErrorMessage } from '../api/api-error-message';

/** A form of one field whose write resolves or fails when the test says so. */
function NoteForm({ write }: { write: (note: string) => Promise<void> }) {
  const form = useForm<{ note: string }>({ defaultValues: { note: 'سلام' } });
  const mutation = useMutation({ mutationFn: write, retry: false });
  const { onSubmit, busy, failure } = useFormWrite(form, mutation, (values) => mutation.mutateAsync(values.note));
  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-label="note">
      <SubmitRow busy={busy} failure={failure} label="ثبت" busyLabel="در حال ثبت…" />
    </form>
  );
}

function renderForm(write: (note: string) => Promise<void>) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <NoteForm write={write} />
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('useFormWrite', () => {
  it('sends once while a write is out, busy until it ends', async () => {
    const sent: string[] = [];
    let finish = () => {};
    renderForm(async (note) => {
      sent.push(note);
      await new Promise<void>((resolve) => (finish = resolve));
    });
    const form = screen.getByRole('form', { name: 'note' });
    await act(async () => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    expect(sent).toEqual(['سلام']);
    expect(screen.getByRole('button').textContent).toBe('در حال ثبت…');
    expect(screen.getByRole('button')).toHaveProperty('disabled', true);
    await act(async () => finish());
    expect(screen.getByRole('button').textContent).toBe('ثبت');
  });

  it('shows the failed write in Persian above the button', async () => {
    const refusal = new Error('refused');
    renderForm(() => Promise.reject(refusal));
    await act(async () => {
      fireEvent.submit(screen.getByRole('form', { name: 'note' }));
    });
    expect(screen.getByRole('alert').textContent).toBe(formErrorMessage(refusal));
  });
});

/** A form whose submit fails with a refusal that may name one of its fields. */
function RefusedForm({ refusal }: { refusal: { message: string; field?: string } }) {
  const form = useForm<{ note: string }>({ defaultValues: { note: 'سلام' } });
  const { onSubmit, busy, failure } = useFormSubmit(
    form,
    () => Promise.reject(new Error('refused')),
    () => refusal,
  );
  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-label="note">
      <input aria-label="یادداشت" {...form.register('note')} />
      <p data-testid="note-error">{form.formState.errors.note?.message}</p>
      <SubmitRow busy={busy} failure={failure} label="ثبت" busyLabel="در حال ثبت…" />
    </form>
  );
}

describe('useFormSubmit', () => {
  it("puts a refusal that names one of the form's fields on that field, the value kept", async () => {
    render(<RefusedForm refusal={{ message: 'این یادداشت تکراری است', field: 'note' }} />);
    await act(async () => {
      fireEvent.submit(screen.getByRole('form', { name: 'note' }));
    });
    expect(screen.getByTestId('note-error').textContent).toBe('این یادداشت تکراری است');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'یادداشت' })).toHaveProperty('value', 'سلام');
  });

  it('shows a refusal naming no field of the form above the button', async () => {
    render(<RefusedForm refusal={{ message: 'نشست شما به پایان رسیده است', field: 'password' }} />);
    await act(async () => {
      fireEvent.submit(screen.getByRole('form', { name: 'note' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('نشست شما به پایان رسیده است');
    expect(screen.getByTestId('note-error').textContent).toBe('');
  });
});
