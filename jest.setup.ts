// Runs before each test file (jest `setupFiles`), in every environment.
import { TextDecoder, TextEncoder } from 'util';

// react-router 7 needs TextEncoder/TextDecoder, which jest's jsdom environment does not expose.
const g = globalThis as unknown as { TextEncoder?: unknown; TextDecoder?: unknown };
if (typeof g.TextEncoder === 'undefined') g.TextEncoder = TextEncoder;
if (typeof g.TextDecoder === 'undefined') g.TextDecoder = TextDecoder;
