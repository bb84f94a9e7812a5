import { render, screen } from '@testing-library/react';
import '@testing-library/jest-dom';
import { priceChangeBetween } from '../price/price-change';
import { PriceChangeIndicator } from './price-change-indicator';

/** In a table cell, whose accessible name is what a screen reader reads of the indicator. */
const renderInCell = (ui: React.ReactElement) =>
  render(
    <table>
      <tbody>
        <tr>
          <td>{ui}</td>
        </tr>
      </tbody>
    </table>,
  );

describe('PriceChangeIndicator', () => {
  it('shows a rise as green ▲ and the percent, and says «افزایش» in words', () => {
    renderInCell(<PriceChangeIndicator change={priceChangeBetween(340000, 345000)} since="نسبت به روز قبل" />);
    const cell = screen.getByRole('cell', { name: 'افزایش ۱٫۵٪ (۵۰۰ تومان) نسبت به روز قبل' });
    const indicator = screen.getByTestId('price-change');
    expect(cell).toContainElement(indicator);
    expect(indicator).toHaveAttribute('data-change', 'up');
    expect(indicator).toHaveClass('text-green-700', 'dark:text-green-400');
    expect(screen.getByText('▲')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('۱٫۵٪')).toHaveAttribute('aria-hidden', 'true');
    expect(indicator).toHaveAttribute('title', 'افزایش ۱٫۵٪ (۵۰۰ تومان) نسبت به روز قبل');
  });

  it('shows a fall as red ▼ with the amount and its reference point when asked', () => {
    renderInCell(
      <PriceChangeIndicator
        change={priceChangeBetween(400000, 380000)}
        since="از زمان افزودن"
        withAmount
        sinceVisible
      />,
    );
    screen.getByRole('cell', { name: 'کاهش ۵٪ (۲٬۰۰۰ تومان) از زمان افزودن' });
    const indicator = screen.getByTestId('price-change');
    expect(indicator).toHaveAttribute('data-change', 'down');
    expect(indicator).toHaveClass('text-red-700', 'dark:text-red-400');
    expect(screen.getByText('▼')).toBeInTheDocument();
    // Unsigned figures: nothing for the RTL bidi algorithm to move.
    expect(screen.getByText('۵٪ (۲٬۰۰۰ تومان)')).toBeInTheDocument();
    expect(screen.getByText('از زمان افزودن')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows no change, or an unknown one, as a grey dash told «بدون تغییر»', () => {
    renderInCell(
      <PriceChangeIndicator change={priceChangeBetween(345000, 345000)} since="از زمان افزودن" withAmount />,
    );
    screen.getByRole('cell', { name: 'بدون تغییر از زمان افزودن' });
    expect(screen.getByTestId('price-change')).toHaveAttribute('data-change', 'none');
    expect(screen.getByText('—')).toBeInTheDocument();
    expect(screen.queryByText(/٪/)).toBeNull();

    renderInCell(<PriceChangeIndicator change={null} since="نسبت به روز قبل" />);
    screen.getByRole('cell', { name: 'بدون تغییر نسبت به روز قبل' });
  });
});
