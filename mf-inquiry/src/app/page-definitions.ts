import type { PageDefinition } from '@steel/shared';
import { basketPage } from '../features/basket/basket-page';

/** Every page of the inquiry app, listed once (the shell routes `/inquiry/**` here because of it). */
export const inquiryPages: PageDefinition[] = [basketPage];
