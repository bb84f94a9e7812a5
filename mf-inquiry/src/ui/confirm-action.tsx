import { useState } from 'react';
import { useSingleFlight } from '@steel/shared';
import { FormAlert } from '@steel/shared/forms';
import { dangerButton, primaryButton, secondaryButton } from './styles';

/**
 * An action that cannot be undone (accept a quote, withdraw an inquiry), as the panel asks for its
 * own: the button asks first — the question with a confirm and a «انصراف» — then runs the write
 * once (a double click sends one request), says «…» while it is out and what went wrong if it failed.
 */
export function ConfirmAction({
  busy,
  failure,
  run,
  label,
  question,
  confirmLabel,
  pendingLabel,
  tone,
}: {
  busy: boolean;
  /** What went wrong with the last try, in Persian. */
  failure: string | null;
  run: () => Promise<unknown>;
  /** The first button, and the confirm group's accessible name. */
  label: string;
  question: string;
  confirmLabel: string;
  pendingLabel: string;
  /** Accepting is the page's main action; withdrawing is red. */
  tone: 'primary' | 'danger';
}) {
  const once = useSingleFlight();
  const [confirming, setConfirming] = useState(false);
  const button = tone === 'danger' ? dangerButton : primaryButton;
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
