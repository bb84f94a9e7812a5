/** @jest-environment node */
import { renderToString } from 'react-dom/server';
import { PAGE_WITH_LATER_SECTION_HTML, PageWithLaterSection } from './hydrate-when-needed.fixture';

it('renders its children on the server, whole, inside the wrapper and a Suspense boundary', () => {
  expect(renderToString(<PageWithLaterSection />)).toBe(PAGE_WITH_LATER_SECTION_HTML);
});
