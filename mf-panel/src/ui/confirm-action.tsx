import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { apiErrorMessage, useSingleFlight } from '@steel/shared';
import { FormAlert } from '@steel/shared/forms';
import { dangerButton, secondaryButton } from './styles';

/**
 * An action that cannot be undone (cancel an order or a purchase request, close a ticket): the
 * button asks first — the question with a confirm and a «انصراف» — then runs the write once
 * (a double click sends one request), says «…» while it is out and what went wrong if it failed.
 */
export function ConfirmAction({
  mutation,
  run,
  label,
  question,
  confirmLabel,
  pendingLabel,
  tone = 'danger',
}: {
  mutation: Pick<UseMutationResult<unknown, unknown, never>, 'isPending' | 'isError' | 'error'>;
  run: () => Promise<unknown>;
  /** The first button, and the confirm group's accessible name: «لغو سفارش». */
  label: string;
  question: string;
  confirmLabel: string;
  pendingLabel: string;
  /** Cancelling a purchase is red; closing a conversation is not. */
  tone?: 'danger' | 'neutral';
}) {
  const once = useSingleFlight();
  const [confirming, setConfirming] = useState(false);
  const button = tone === 'danger' ? dangerButton : secondaryButton;
  return (
    <div className="flex flex-col gap-3">
      <FormAlert message={mutation.isError ? apiErrorMessage(mutation.error) : null} />
      {confirming ? (
        <div role="group" aria-label={label} className="flex flex-wrap items-center gap-3">
          <span>{question}</span>
          <button type="button" className={button} disabled={mutation.isPending} onClick={() => void once(run)}>
            {mutation.isPending ? pendingLabel : confirmLabel}
          </button>
          <button
            type="button"
            className={secondaryButton}
            disabled={mutation.isPending}
            onClick={() => setConfirming(false)}
          >
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
