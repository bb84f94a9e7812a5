import type { ComponentType } from 'react';
import type { SlotName, SlotProps } from '@steel/contract';

/**
 * One component out of several features' parts of one slot: a host gives the inquiry app one
 * place in a slot, so the basket's button and the price alert share the product page's, the
 * basket's button and «مقایسه» a listing row's — in the order listed, with the same props.
 */
export function composeSlotParts<S extends SlotName>(
  slot: S,
  parts: ReadonlyArray<ComponentType<SlotProps[S]>>,
): ComponentType<SlotProps[S]> {
  if (parts.length === 1) return parts[0]!;
  const Composed = (props: SlotProps[S]) => (
    <>
      {parts.map((Part, index) => (
        <Part key={index} {...props} />
      ))}
    </>
  );
  Composed.displayName = `InquiryContributions(${slot})`;
  return Composed;
}
