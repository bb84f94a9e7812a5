import { useState } from 'react';
import { HydrateWhenNeeded } from './hydrate-when-needed';

/** A page with a counter whose hydration waits (the tests of `HydrateWhenNeeded`). */
function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {`clicked ${count}`}
    </button>
  );
}

export function PageWithLaterSection({ text = 'text' }: { text?: string }) {
  return (
    <main>
      <h1>top</h1>
      <HydrateWhenNeeded className="later">
        <Counter />
      </HydrateWhenNeeded>
      <HydrateWhenNeeded className="markup" until="changed">
        <p>{text}</p>
      </HydrateWhenNeeded>
    </main>
  );
}

/** What the app server renders for it (asserted by the server test, hydrated by the browser one). */
export const PAGE_WITH_LATER_SECTION_HTML =
  '<main><h1>top</h1><div class="later"><!--$--><button type="button">clicked 0</button><!--/$--></div><div class="markup"><!--$--><p>text</p><!--/$--></div></main>';
