import { fireEvent, render, screen, within } from '@testing-library/react';
import { ShellContextProvider } from '@steel/shared';
import { createFakeShellContext, jsonResponse, requestUrl } from '@steel/shared/testing';
import { HeaderSalesContact } from './sales-contact-entry';

const SALES_CONTACT = {
  phone: '02166012345',
  whatsapp: '09121234567',
  telegram: 'steel_sales',
  bale: 'steel_sales',
  eitaa: null,
};

function renderEntry(fetch: (url: string) => Promise<Response>) {
  const requests: string[] = [];
  const context = createFakeShellContext({
    fetch: (input) => {
      const url = requestUrl(input);
      requests.push(url);
      return fetch(url);
    },
  });
  render(
    <ShellContextProvider value={context}>
      <HeaderSalesContact currentPath="/" />
    </ShellContextProvider>,
  );
  return { requests, button: screen.getByRole('button', { name: 'تماس با فروش' }) };
}

const answer = (body: unknown) => Promise.resolve(jsonResponse(body));

describe('the header’s sales contact', () => {
  it('asks the CMS only when opened, then lists each link by what it opens; Escape closes it', async () => {
    const { requests, button } = renderEntry(() => answer({ data: SALES_CONTACT }));
    expect(requests).toEqual([]);
    expect(button).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const call = await screen.findByRole('link', { name: /^تماس تلفنی با فروش/ });
    expect(call).toHaveAttribute('href', 'tel:+982166012345');
    expect(call).toHaveTextContent('۰۲۱-۶۶۰۱۲۳۴۵');
    const telegram = screen.getByRole('link', { name: 'گفت‌وگو در تلگرام' });
    expect(telegram).toHaveAttribute('href', 'https://t.me/steel_sales');
    expect(telegram).toHaveAttribute('target', '_blank');
    expect(telegram).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'گفت‌وگو در ایتا' })).toBeNull();
    expect(requests).toHaveLength(1);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('offers the contact page when the CMS does not answer', async () => {
    const { button } = renderEntry(() => Promise.reject(new TypeError('Failed to fetch')));
    fireEvent.click(button);
    const fallback = await screen.findByRole('link', { name: 'صفحه‌ی تماس با ما' });
    expect(fallback).toHaveAttribute('href', '/contact-us');
    expect(within(fallback.closest('ul')!).getAllByRole('link')).toHaveLength(1);
  });
});
