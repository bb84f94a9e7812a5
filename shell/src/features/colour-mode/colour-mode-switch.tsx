import { useRef, type KeyboardEvent } from 'react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { Tooltip, useColourMode, useShell, type ColourModePreference } from '@steel/shared';

const OPTIONS: Array<{ value: ColourModePreference; label: string; Icon: typeof Sun }> = [
  { value: 'system', label: 'سیستم', Icon: Monitor },
  { value: 'light', label: 'روشن', Icon: Sun },
  { value: 'dark', label: 'تیره', Icon: Moon },
];

/**
 * The header's colour-mode switch (docs/behaviour.md, "Colour mode"): a radio group of three icon buttons with
 * Persian names and tooltips; arrow keys move between them like native radios. While a page
 * forces a mode, the switch is disabled (the preference would change nothing).
 */
export function ColourModeSwitch() {
  const { colourMode } = useShell();
  const state = useColourMode();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  // Rendered on the server too (no controller there), so hydration meets the same markup.
  const disabled = state.forced !== null;

  const choose = (value: ColourModePreference) => colourMode?.setPreference(value);

  // On each radio (the focused one hears the arrows), as the radio group pattern has it.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Logical arrows: in RTL, ArrowLeft moves to the next option.
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowDown: 1, ArrowUp: -1, ArrowLeft: rtl ? 1 : -1, ArrowRight: rtl ? -1 : 1 }[event.key];
    if (!step || disabled) return;
    event.preventDefault();
    const index = OPTIONS.findIndex((option) => option.value === state.preference);
    const next = (index + step + OPTIONS.length) % OPTIONS.length;
    choose(OPTIONS[next]!.value);
    refs.current[next]?.focus();
  };

  return (
    <div
      role="radiogroup"
      aria-label="حالت رنگ"
      aria-disabled={disabled || undefined}
      className="inline-flex items-center gap-0.5 rounded-md border border-slate-200 p-0.5 dark:border-slate-700"
    >
      {OPTIONS.map(({ value, label, Icon }, index) => {
        const checked = state.preference === value;
        return (
          <Tooltip key={value} content={label} side="bottom">
            <button
              ref={(element) => {
                refs.current[index] = element;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={label}
              disabled={disabled}
              tabIndex={checked ? 0 : -1}
              onClick={() => choose(value)}
              onKeyDown={onKeyDown}
              // 44 px on phones (in the menu drawer), compact in the wide header.
              className={`inline-flex size-11 items-center justify-center rounded text-slate-600 md:size-auto md:p-1.5 hover:bg-slate-100 disabled:opacity-50 dark:text-slate-300 dark:hover:bg-slate-800 ${
                checked ? 'bg-primary-50 text-primary-700 dark:bg-slate-800 dark:text-primary-300' : ''
              }`}
            >
              <Icon aria-hidden="true" className="size-4" />
            </button>
          </Tooltip>
        );
      })}
    </div>
  );
}
