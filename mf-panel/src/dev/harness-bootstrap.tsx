import { startDevHarness } from '@steel/shared/testing';
import * as lifecycles from '../app/lifecycles';

// `npm run dev -w mf-panel`: the panel alone, with a fake shell context.
void startDevHarness('panel', lifecycles, '/login');
