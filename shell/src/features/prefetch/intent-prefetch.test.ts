import { INTENT_REPEAT_MS, createIntentPrefetch } from './intent-prefetch';

describe('prefetch on intent', () => {
  function setup() {
    const asked: Array<[string, string]> = [];
    let clock = 1_000;
    const intent = createIntentPrefetch({
      owner: (pathname) => (pathname.startsWith('/blog') ? 'blog' : pathname.startsWith('/panel') ? null : 'catalogue'),
      prefetchPage: async (app, path) => {
        asked.push([app, path]);
      },
      now: () => clock,
      baseUrl: () => 'https://steel.example/rebar',
    });
    return { intent, asked, later: (ms: number) => (clock += ms) };
  }

  it("asks the owning app for the target page's data and code, with its query", () => {
    const { intent, asked } = setup();
    intent('/blog/rebar-price-guide');
    intent('https://steel.example/rebar/kalaf?page=2');
    expect(asked).toEqual([
      ['blog', '/blog/rebar-price-guide'],
      ['catalogue', '/rebar/kalaf?page=2'],
    ]);
  });

  it('asks once per target while the pointer wanders back, again after a while', () => {
    const { intent, asked, later } = setup();
    intent('/blog/a');
    intent('/blog/a');
    later(INTENT_REPEAT_MS - 1);
    intent('/blog/a');
    expect(asked).toHaveLength(1);
    later(2);
    intent('/blog/a');
    expect(asked).toHaveLength(2);
  });

  it('leaves alone other sites, paths no app may show now, and malformed targets', () => {
    const { intent, asked } = setup();
    intent('https://elsewhere.example/blog/a');
    intent('mailto:sales@steel.example');
    intent('/panel/order');
    intent('http://[broken');
    expect(asked).toEqual([]);
  });
});
