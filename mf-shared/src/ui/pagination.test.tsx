import { render, screen } from '@testing-library/react';
import { Pagination, pageWindow } from './pagination';
import { createFakeShellContext } from '../testing';
import { ShellContextProvider } from './shell-context';

const renderWithShell = (ui: React.ReactElement) =>
  render(<ShellContextProvider value={createFakeShellContext()}>{ui}</ShellContextProvider>);

describe('pageWindow', () => {
  it('keeps the ends and two either side, with gaps', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, null, 10]);
  });
});

describe('Pagination', () => {
  it('links every shown page, marks the current one and the neighbours', () => {
    renderWithShell(<Pagination page={2} pageCount={4} hrefOf={(n) => `/blog?page=${n}`} />);
    expect(screen.getByRole('link', { name: 'صفحه ۲' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'قبلی' }).getAttribute('rel')).toBe('prev');
    expect(screen.getByRole('link', { name: 'بعدی' }).getAttribute('href')).toBe('/blog?page=3');
    expect(screen.getByRole('link', { name: 'صفحه ۴' }).getAttribute('href')).toBe('/blog?page=4');
  });

  it('renders nothing for one page', () => {
    const { container } = render(<Pagination page={1} pageCount={1} hrefOf={String} />);
    expect(container.innerHTML).toBe('');
  });
});
