/** @jest-environment node */
import { REMOTE_FAILURE_REPORT_PATH } from '@steel/contract';
import { type Fixture, liveFixture } from '../testing/fixtures';
import { buildSiteServer, type RemoteFailureReport } from './site-server';

describe('remote-failure reports', () => {
  let fx: Fixture;
  beforeEach(async () => {
    fx = await liveFixture();
  });
  afterEach(async () => fx.cleanup());

  it('are told to whoever built the site as typed records, checked and trimmed', async () => {
    const reports: RemoteFailureReport[] = [];
    const { app } = buildSiteServer(fx.config, { events: { remoteFailed: (report) => reports.push(report) } });
    try {
      const sent = await app.inject({
        method: 'POST',
        url: REMOTE_FAILURE_REPORT_PATH,
        payload: {
          app: 'catalogue',
          version: fx.versions.catalogue,
          kind: 'mount',
          route: '/products',
          message: `boom\n${'x'.repeat(400)}`,
        },
      });
      expect(sent.statusCode).toBe(204);
      const refused = await app.inject({ method: 'POST', url: REMOTE_FAILURE_REPORT_PATH, payload: { app: 'nope' } });
      expect(refused.statusCode).toBe(400);
      expect(reports).toEqual([
        {
          app: 'catalogue',
          version: fx.versions.catalogue,
          kind: 'mount',
          route: '/products',
          failure: `boom\n${'x'.repeat(295)}`,
        },
      ]);
    } finally {
      await app.close();
    }
  });
});
