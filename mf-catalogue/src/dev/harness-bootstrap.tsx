import { startDevHarness } from '@steel/shared/testing';
import * as lifecycles from '../app/lifecycles';

// `npm run dev -w mf-catalogue`: the catalogue alone, with a fake shell context.
void startDevHarness('catalogue', lifecycles);
