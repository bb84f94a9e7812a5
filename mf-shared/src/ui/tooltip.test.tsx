import { act, fireEvent, render, screen } from '@testing-library/react';
import { Tooltip } from './tooltip';

describe('Tooltip', () => {
  it('shows the child alone until a focus brings Radix in, then keeps the focus there and opens', async () => {
    render(
      <Tooltip content="حالت روشن">
        <button type="button">روشن</button>
      </Tooltip>,
    );
    const before = screen.getByRole('button', { name: 'روشن' });
    expect(before).not.toHaveAttribute('data-state');

    act(() => before.focus());
    fireEvent.focus(before);
    const after = await screen.findByRole('button', { name: 'روشن', description: 'حالت روشن' });
    expect(after).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('حالت روشن');
  });
});
