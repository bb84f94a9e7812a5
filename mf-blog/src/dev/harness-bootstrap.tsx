import { startDevHarness } from '@steel/shared/testing';
import * as lifecycles from '../app/lifecycles';

// `npm run dev -w mf-blog`: the blog alone, with a fake shell context.
void startDevHarness('blog', lifecycles, '/blog');
