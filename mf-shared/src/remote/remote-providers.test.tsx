import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import '@testing-library/jest-dom';
import { createFakeShellContext } from '../testing';
import { RemoteProviders } from './remote-providers';

let failing = true;
function Page() {
  if (failing) throw new Error('Failed to fetch');
  return <h1>صفحه</h1>;
}

describe('a remote that crashed on one page', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('is reported to the shell, never as a fatal error, then rendered afresh on the next navigation', () => {
    const reports: Array<[string, unknown]> = [];
    const context = {
      ...createFakeShellContext(),
      reportFailure: (kind: string, error: unknown) => void reports.push([kind, error]),
    };
    const errors: unknown[] = [];
    context.bus.on('app:error', (error) => errors.push(error));
    window.history.pushState(null, '', '/rules');
    render(
      <RemoteProviders app="catalogue" context={context}>
        <Page />
      </RemoteProviders>,
    );
    // The shell shows its in-layout error from the report; its error pipeline only logs.
    expect(reports).toEqual([['render', expect.objectContaining({ message: 'Failed to fetch' })]]);
    expect(errors).toEqual([expect.objectContaining({ fatal: false, message: 'Failed to fetch' })]);
    expect(screen.queryByRole('heading')).toBeNull();

    failing = false;
    // The same page again: the crash stands.
    act(() => void window.dispatchEvent(new Event('single-spa:routing-event')));
    expect(screen.queryByRole('heading')).toBeNull();
    window.history.pushState(null, '', '/');
    act(() => void window.dispatchEvent(new Event('single-spa:routing-event')));
    expect(screen.getByRole('heading')).toHaveTextContent('صفحه');
  });

  it('forgets a failed read: the page reads afresh once the CMS answers again', async () => {
    const context = createFakeShellContext();
    let cmsUp = false;
    function RulesPage() {
      const { data } = useSuspenseQuery({
        queryKey: ['static-pages', 'rules'],
        queryFn: async () => (cmsUp ? 'قوانین و مقررات' : Promise.reject(new Error('Failed to fetch'))),
        retry: false,
      });
      return <h1>{data}</h1>;
    }
    window.history.pushState(null, '', '/rules');
    render(
      <RemoteProviders app="catalogue" context={context}>
        <Suspense fallback={null}>
          <RulesPage />
        </Suspense>
      </RemoteProviders>,
    );
    await act(async () => undefined);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(context.queryClient.getQueryState(['static-pages', 'rules'])).toBeUndefined();

    cmsUp = true;
    window.history.pushState(null, '', '/');
    act(() => void window.dispatchEvent(new Event('single-spa:routing-event')));
    expect(await screen.findByRole('heading')).toHaveTextContent('قوانین و مقررات');
  });
});
