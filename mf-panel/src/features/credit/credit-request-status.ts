import { statusLook, type BadgeTone } from '@steel/shared';
import { CREDIT_REQUEST_STATUS } from '../../ui/statuses';

export const creditRequestStatusName = (status: string) => statusLook(CREDIT_REQUEST_STATUS, status).name;
export const creditRequestTone = (status: string): BadgeTone => statusLook(CREDIT_REQUEST_STATUS, status).tone;
