import type { RemoteFailureReport } from './report-remote-failure';
import { attributeToRemote, reportUncaughtRemoteErrors } from './report-uncaught-errors';

describe('uncaught errors attributed to the remote whose files threw', () => {
  it('reads the app and version from the script URL, or else from the innermost remote frame', () => {
    expect(
      attributeToRemote('https://cdn.example/builds/blog/9f3a1c2b7d4e/__federation_expose_app.3f2a.js', undefined),
    ).toEqual({ app: 'blog', version: '9f3a1c2b7d4e' });
    const stack =
      'TypeError: x is undefined\n    at render (http://127.0.0.1:8080/builds/shell/aa11/main.js:1:200)\n    at Price (http://127.0.0.1:8080/builds/catalogue/c0ffee12/412.8d1e.js:3:90)';
    expect(attributeToRemote('', stack)).toEqual({ app: 'catalogue', version: 'c0ffee12' });
    expect(
      attributeToRemote(
        'http://127.0.0.1:8080/builds/shell/aa11/main.js',
        'Error\n    at https://www.googletagmanager.com/gtm.js:1:1',
      ),
    ).toBeNull();
  });

  it("reports each live remote version's own errors as uncaught, three at most per app, nothing of other code", () => {
    const reports: RemoteFailureReport[] = [];
    reportUncaughtRemoteErrors({
      remoteVersion: (app) => ({ catalogue: 'c2', blog: 'b1', panel: 'p1' })[app] ?? 'unknown',
      sampleRate: 1,
      report: (report) => reports.push(report),
    });
    const throwFrom = (filename: string, message = 'boom') =>
      window.dispatchEvent(new ErrorEvent('error', { error: new Error(message), filename, message }));

    throwFrom('/builds/catalogue/c2/412.js', 'price is undefined');
    throwFrom('/builds/catalogue/c1/412.js'); // an old version's chunk: not the live version's fault
    throwFrom('/builds/shell/s1/main.js');
    const rejection = new Error('article failed');
    rejection.stack = `Error: article failed\n    at load (http://127.0.0.1/builds/blog/b1/77.js:1:1)`;
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: rejection }));
    for (let i = 0; i < 5; i++) throwFrom('/builds/catalogue/c2/412.js', `again ${i}`);

    expect(reports.map((r) => `${r.app} ${r.version} ${r.kind} ${r.message}`)).toEqual([
      'catalogue c2 uncaught price is undefined',
      'blog b1 uncaught article failed',
      'catalogue c2 uncaught again 0',
      'catalogue c2 uncaught again 1',
    ]);
  });
});
