import { act, render, screen, fireEvent, waitFor } from '@testing-library/react';
import { ShellContextProvider } from '@steel/shared';
import { createFakeShellContext } from '@steel/shared/testing';
import { ToastArea } from './toast-area';

describe('ToastArea', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('renders nothing until the first toast; then shows toasts from the bus in a Persian-labelled region, and closing emits toast:remove and deletes it 200 ms later', async () => {
    const context = createFakeShellContext();
    const removed: string[] = [];
    context.bus.on('toast:remove', ({ id }) => removed.push(id));
    const { container } = render(
      <ShellContextProvider value={context}>
        <ToastArea />
      </ShellContextProvider>,
    );
    expect(container).toBeEmptyDOMElement();
    expect(document.body.querySelector('[role="region"]')).toBeNull();

    act(() => {
      context.bus.emit('toast:add', { id: 't1', title: 'کپی شد', description: 'پیوند صفحه', color: 'success' });
    });
    act(() => jest.advanceTimersByTime(0));
    const region = await screen.findByRole('region', { name: 'اعلان‌ها (F8)' });
    await waitFor(() => expect(region.querySelector('li')).not.toBeNull());
    const toast = region.querySelector('li')!;
    expect(toast).toHaveTextContent('کپی شد');
    expect(toast).toHaveAttribute('data-color', 'success');

    fireEvent.click(screen.getByRole('button', { name: 'بستن' }));
    expect(removed).toEqual(['t1']);
    act(() => jest.advanceTimersByTime(200));
    expect(region.querySelectorAll('li')).toHaveLength(0);
  });

  it('an invalid provider label falls back to the default, with Radix’s error', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const context = createFakeShellContext();
    render(
      <ShellContextProvider value={context}>
        <ToastArea label=" " />
      </ShellContextProvider>,
    );
    act(() => {
      context.bus.emit('toast:add', { id: 't1', title: 'کپی شد' });
    });
    act(() => jest.advanceTimersByTime(0));
    await screen.findByRole('region', { name: 'اعلان‌ها (F8)' });
    expect(error).toHaveBeenCalledWith(
      'Invalid prop `label` supplied to `ToastProvider`. Expected non-empty `string`.',
    );
    error.mockRestore();
  });
});
