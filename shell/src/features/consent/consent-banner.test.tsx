import { fireEvent, render, screen } from '@testing-library/react';
import { defaultRuntimeConfig, type RuntimeConfig } from '@steel/contract';
import { CONSENT_STORAGE_KEY, ShellContextProvider } from '@steel/shared';
import { createFakeShellContext } from '@steel/shared/testing';
import { ConsentBanner } from './consent-banner';

const analytics = { key: 'phc_test', host: 'http://127.0.0.1:1', clientConfig: {}, debug: false };

function renderBanner(config: RuntimeConfig = { ...defaultRuntimeConfig, analytics }) {
  const context = createFakeShellContext({ config });
  const events: string[] = [];
  context.bus.on('consent:changed', (state) => events.push(state));
  render(
    <ShellContextProvider value={context}>
      <ConsentBanner />
    </ShellContextProvider>,
  );
  return events;
}

describe('ConsentBanner', () => {
  beforeEach(() => localStorage.clear());

  it('asks while pending, remembers a grant and announces it', () => {
    const events = renderBanner();
    expect(screen.getByText('این سایت برای بهبود تجربه شما از ابزارهای تحلیل استفاده می‌کند.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'می‌پذیرم' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('granted');
    expect(events).toEqual(['granted']);
  });

  it('remembers a denial; shows nothing once decided', () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'نمی‌پذیرم' }));
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('denied');
    renderBanner();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('does not ask when nothing needing consent is configured', () => {
    renderBanner({ ...defaultRuntimeConfig, analytics: null, tagManager: null });
    expect(screen.queryByRole('region')).toBeNull();
  });
});
