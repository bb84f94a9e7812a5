import { DEFAULT_REDIRECT_PATH, safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it('keeps same-origin relative paths with their query and hash', () => {
    expect(safeRedirectPath('/panel/order')).toBe('/panel/order');
    expect(safeRedirectPath('/panel/order?page=2#top')).toBe('/panel/order?page=2#top');
    expect(safeRedirectPath('/')).toBe('/');
  });

  it.each([
    ['https://evil.example'],
    ['http://evil.example/panel'],
    ['//evil.example'],
    ['///evil.example'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['javascript:alert(1)'],
    ['JAVASCRIPT:alert(1)'],
    ['data:text/html,x'],
    ['panel/order'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/pa\u0000nel'],
    [' /panel'],
    [''],
  ])('refuses %j and falls back to /panel', (value) => {
    expect(safeRedirectPath(value)).toBe(DEFAULT_REDIRECT_PATH);
  });

  it('refuses what is not a string and honours a given fallback', () => {
    expect(safeRedirectPath(null)).toBe('/panel');
    expect(safeRedirectPath(undefined)).toBe('/panel');
    expect(safeRedirectPath(['/panel/order'])).toBe('/panel');
    expect(safeRedirectPath('https://evil.example', '/')).toBe('/');
  });
});
