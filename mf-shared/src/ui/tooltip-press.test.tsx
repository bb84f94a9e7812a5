import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Tooltip } from './tooltip';

// A file of its own: Radix is loaded once per page (module state), and this is about the moment it arrives.
describe('Tooltip under a press', () => {
  it('swaps Radix in only after a press under way ends, so the first click on a trigger is not lost', async () => {
    const clicked = jest.fn();
    render(
      <Tooltip content="حالت تیره">
        <button type="button" onClick={clicked}>
          تیره
        </button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'تیره' });
    fireEvent.pointerOver(button);
    fireEvent.pointerDown(button);
    // Radix's chunk arrives while the button is held down: the element stays the one pressed.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('button', { name: 'تیره' })).toBe(button);
    fireEvent.pointerUp(button);
    fireEvent.click(button);
    expect(clicked).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'تیره' })).not.toBe(button));
  });
});
