import { useState } from 'react';
import { FormAlert } from '../forms/form-field';
import { primaryButton } from '../forms/form-styles';
import { dangerButton, secondaryButton } from './account-styles';
import { useSingleFlight } from './use-single-flight';

const CONFIRM_BUTTON = { primary: primaryButton, danger: dangerButton, neutral: secondaryButton } as const;

/**
 * An action that cannot be undone (cancel an order, close a ticket, accept a quote): the
 * button asks first — the question with a confirm and a «انصراف» — then runs the write once
 * (a double click sends one request), says «…» while it is out and what went wrong if it failed.
 */
export function ConfirmAction({
  busy,
  failure,
  run,
  label,
  question,
  confirmLabel,
  pendingLabel,
  tone = 'danger',
}: {
  /** The write is out: the confirm says `pendingLabel` and neither button answers. */
  busy: boolean;
  /** What went wrong with the last try, in Persian (null when nothing did). */
  failure: string | null;
  run: () => Promise<unknown>;
  /** The first button, and the confirm group's accessible name: «لغو سفارش». */
  label: string;
  question: string;
  confirmLabel: string;
  pendingLabel: string;
  /** Cancelling a purchase is red; closing a conversation is not; accepting a quote is the page's main action. */
  tone?: keyof typeof CONFIRM_BUTTON;
}) {
  const once = useSingleFlight();
  const [confirming, setConfirming] = useState(false);
  const button = CONFIRM_BUTTON[tone];
  return (
    <div className="flex flex-col gap-3">
      <FormAlert message={failure} />
      {confirming ? (
        <div role="group" aria-label={label} className="flex flex-wrap items-center gap-3">
          <span>{question}</span>
          <button type="button" className={button} disabled={busy} onClick={() => void once(run)}>
            {busy ? pendingLabel : confirmLabel}
          </button>
          <button type="button" className={secondaryButton} disabled={busy} onClick={() => setConfirming(false)}>
            انصراف
          </button>
        </div>
      ) : (
        <button type="button" className={`${button} self-start`} onClick={() => setConfirming(true)}>
          {label}
        </button>
      )}
    </div>
  );
}
