import { act, fireEvent, render, screen } from '@testing-library/react';
import '@testing-library/jest-dom';
import { useState } from 'react';
import { primaryButton } from '../forms/form-styles';
import { dangerButton, secondaryButton } from './account-styles';
import { ConfirmAction } from './confirm-action';

/** A caller as the account pages write one: its own write's state passed as `busy` and `failure`. */
function CancelOrder({ write }: { write: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await write();
    } catch {
      setFailure('لغو سفارش ممکن نشد');
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmAction
      busy={busy}
      failure={failure}
      run={run}
      label="لغو سفارش"
      question="این سفارش لغو شود؟"
      confirmLabel="تأیید لغو سفارش"
      pendingLabel="در حال لغو…"
    />
  );
}

describe('an action that asks first', () => {
  it('asks, can be taken back with «انصراف», and sends one write for a double click', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const write = jest.fn(() => new Promise((resolve) => (answer = resolve)));
    render(<CancelOrder write={write} />);
    fireEvent.click(screen.getByRole('button', { name: 'لغو سفارش' }));
    fireEvent.click(screen.getByRole('button', { name: 'انصراف' }));
    expect(screen.queryByRole('group')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'لغو سفارش' }));
    const group = screen.getByRole('group', { name: 'لغو سفارش' });
    expect(group).toHaveTextContent('این سفارش لغو شود؟');
    const confirm = screen.getByRole('button', { name: 'تأیید لغو سفارش' });
    expect(confirm).toHaveClass(...dangerButton.split(' '));
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(write).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'در حال لغو…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'انصراف' })).toBeDisabled();
    await act(async () => answer(undefined));
    expect(screen.getByRole('button', { name: 'تأیید لغو سفارش' })).toBeEnabled();
  });

  it('says what went wrong in Persian and lets the buyer try again', async () => {
    const write = jest.fn().mockRejectedValueOnce(new Error('503')).mockResolvedValueOnce(undefined);
    render(<CancelOrder write={write} />);
    fireEvent.click(screen.getByRole('button', { name: 'لغو سفارش' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'تأیید لغو سفارش' })));
    expect(screen.getByRole('alert')).toHaveTextContent('لغو سفارش ممکن نشد');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'تأیید لغو سفارش' })));
    expect(write).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("wears its tone: a quote's acceptance the main button, closing a conversation the quiet one", () => {
    const props = { busy: false, failure: null, run: async () => undefined, question: '؟', confirmLabel: 'تأیید' };
    render(
      <>
        <ConfirmAction {...props} label="پذیرش" pendingLabel="…" tone="primary" />
        <ConfirmAction {...props} label="بستن" pendingLabel="…" tone="neutral" />
      </>,
    );
    expect(screen.getByRole('button', { name: 'پذیرش' })).toHaveClass(...primaryButton.split(' '));
    expect(screen.getByRole('button', { name: 'بستن' })).toHaveClass(...secondaryButton.split(' '));
  });
});
