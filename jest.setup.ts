// Runs before each test file (jest `setupFiles`), in every environment.
import { TextDecoder, TextEncoder } from 'util';
import { configure } from '@testing-library/dom';

// react-router 7 needs TextEncoder/TextDecoder, which jest's jsdom environment does not expose.
const g = globalThis as unknown as { TextEncoder?: unknown; TextDecoder?: unknown };
if (typeof g.TextEncoder === 'undefined') g.TextEncoder = TextEncoder;
if (typeof g.TextDecoder === 'undefined') g.TextDecoder = TextDecoder;

// Testing Library waits 1 s by default for findBy*/waitFor: a remote's first render (its lazy
// modules, Suspense) can take longer on a 2-core CI box under load, which made tests fail for
// time alone. 5 s, inside jest's 30 s per test.
configure({ asyncUtilTimeout: 5_000 });
