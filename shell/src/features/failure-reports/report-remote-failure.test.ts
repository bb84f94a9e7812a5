import { reportRemoteFailure, type RemoteFailureReport } from './report-remote-failure';

const report: RemoteFailureReport = {
  app: 'inquiry',
  version: 'a1b2c3',
  kind: 'slot',
  route: '/rebar/kalaf',
  message: 'listing.row: Failed to get manifest',
};

describe('a failure report', () => {
  const sendBeacon = jest.fn(() => true);
  beforeAll(() => Object.assign(navigator, { sendBeacon }));
  beforeEach(() => sendBeacon.mockClear());

  it('is sent while the page is in use, and not once the visitor is leaving it (its requests cancelled are no failure)', () => {
    reportRemoteFailure(report);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pagehide'));
    reportRemoteFailure(report);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    // Back from the back/forward cache, the page is in use again.
    window.dispatchEvent(new Event('pageshow'));
    reportRemoteFailure(report);
    expect(sendBeacon).toHaveBeenCalledTimes(2);
  });
});
