import { act, render, screen, fireEvent } from '@testing-library/react';
import { ShellContextProvider } from '@steel/shared';
import { createFakeShellContext } from '@steel/shared/testing';
import { ToastArea } from './toast-area';

describe('ToastArea', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows toasts from the bus in a Persian-labelled region; closing emits toast:remove and deletes it 200 ms later', () => {
    const context = createFakeShellContext();
    const removed: string[] = [];
    context.bus.on('toast:remove', ({ id }) => removed.push(id));
    render(
      <ShellContextProvider value={context}>
        <ToastArea />
      </ShellContextProvider>,
    );
    const region = screen.getByRole('region', { name: 'اعلان‌ها (F8)' });

    act(() => {
      context.bus.emit('toast:add', { id: 't1', title: 'کپی شد', description: 'پیوند صفحه', color: 'success' });
    });
    expect(region.querySelectorAll('li')).toHaveLength(0); // enters on the next tick
    act(() => jest.advanceTimersByTime(0));
    const toast = region.querySelector('li')!;
    expect(toast).toHaveTextContent('کپی شد');
    expect(toast).toHaveAttribute('data-color', 'success');

    fireEvent.click(screen.getByRole('button', { name: 'بستن' }));
    expect(removed).toEqual(['t1']);
    act(() => jest.advanceTimersByTime(200));
    expect(region.querySelectorAll('li')).toHaveLength(0);
  });

  it('an invalid provider label falls back to the default, with Radix’s error', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ShellContextProvider value={createFakeShellContext()}>
        <ToastArea label=" " />
      </ShellContextProvider>,
    );
    expect(error).toHaveBeenCalledWith('Invalid prop `label` supplied to `ToastProvider`. Expected non-empty `string`.');
    error.mockRestore();
  });
});
