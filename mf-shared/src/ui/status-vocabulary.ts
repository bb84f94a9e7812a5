import type { BadgeTone } from './status-badge';

/**
 * Every app's statuses (orders, tickets, exchange requests and offers, reservations, inquiries) in
 * one form: each key with its Persian name and badge tone, in the vocabulary's order. The CMS holds
 * the keys; a status the app does not know is shown as it is, in the vocabulary's `unknownTone`.
 */
export interface StatusLook {
  name: string;
  tone: BadgeTone;
}

export interface StatusVocabulary<S extends string> {
  looks: Record<S, StatusLook>;
  unknownTone: BadgeTone;
}

export const statusVocabulary = <S extends string>(
  looks: Record<S, StatusLook>,
  unknownTone: BadgeTone,
): StatusVocabulary<S> => ({ looks, unknownTone });

/** Whether `status` is one of the vocabulary's keys (own keys only: `toString` is no status). */
export function isStatusOf<S extends string>(of: StatusVocabulary<S>, status: unknown): status is S {
  return typeof status === 'string' && Object.prototype.hasOwnProperty.call(of.looks, status);
}

/** The name and tone of `status`; an unknown one keeps its key as the name. */
export function statusLook<S extends string>(of: StatusVocabulary<S>, status: string): StatusLook {
  return isStatusOf(of, status) ? of.looks[status] : { name: status, tone: of.unknownTone };
}

/** The keys of a vocabulary, in its order. */
export const statusKeys = <S extends string>(of: StatusVocabulary<S>) => Object.keys(of.looks) as S[];
