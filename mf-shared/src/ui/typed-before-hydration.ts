import { useEffect, useEffectEvent, useImperativeHandle, useRef, type Ref, type RefObject } from 'react';

/**
 * A field rendered on the server is on screen before its code runs, and a person may type into it
 * then (a slow phone, a busy page). Hydration keeps what they typed on screen but not in the
 * component's state, so the form would add or send the old value under the new one's figures.
 * Right after hydration the field takes up what is on screen; after a render in the browser the two
 * are the same and nothing happens.
 *
 * Returns the ref to put on the input; `forwarded` (the field's own `ref` prop) gets the same node.
 */
export function useTypedBeforeHydration(
  value: string,
  onValueChange: (value: string) => void,
  forwarded?: Ref<HTMLInputElement>,
): RefObject<HTMLInputElement | null> {
  const input = useRef<HTMLInputElement | null>(null);
  useImperativeHandle(forwarded, () => input.current!, []);
  const takeUpWhatIsShown = useEffectEvent(() => {
    const shown = input.current?.value;
    if (shown !== undefined && shown !== value) onValueChange(shown);
  });
  useEffect(() => takeUpWhatIsShown(), []);
  return input;
}
