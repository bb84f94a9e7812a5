import { useEffect, useSyncExternalStore } from 'react';
import { useShell } from '@steel/shared/remote-core';
import type { ColourModeController, ColourModeState } from './colour-mode';
import type { ColourMode } from './resolve-colour-mode';

const noController: ColourModeState = { preference: 'system', value: 'light', forced: null };

/** The colour-mode state the shell passes down (mount props), re-rendering on every change. */
export function useColourMode(controller?: ColourModeController): ColourModeState {
  const fromShell = useShell().colourMode;
  const source = controller ?? fromShell;
  return useSyncExternalStore(
    (onChange) => source?.subscribe(onChange) ?? (() => {}),
    () => source?.getState() ?? noController,
    // The server cannot know the visitor's mode (the head script sets the class before paint);
    // the switch renders the neutral state, then the real one right after hydration.
    () => noController,
  );
}

/** A page forcing `light` or `dark` while it is mounted (docs/behaviour.md, "Colour mode"). */
export function useForcedColourMode(mode: ColourMode | null | undefined) {
  const { colourMode } = useShell();
  useEffect(() => (mode && colourMode ? colourMode.force(mode) : undefined), [colourMode, mode]);
}
