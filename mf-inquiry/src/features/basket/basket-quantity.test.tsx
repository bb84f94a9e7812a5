import { fireEvent, screen, within } from '@testing-library/react';
import '@testing-library/jest-dom';
import { renderInShell } from '../../testing/render-in-shell';
import { REBAR_12, slotProduct } from '../../testing/slot-products';
import { addToBasket, basketLines } from './basket-store';
import { AddToInquiry } from './add-to-inquiry';
import { readBasketQuantity } from './basket-quantity';

beforeEach(() => localStorage.clear());

const TONNES = slotProduct('billet', { unit: 'kg', saleUnit: 'tonne', attributes: {} });

describe('a quantity typed for the basket', () => {
  it('is read by the kit in any digits and held to a line of 5,000 tonnes, counting what the basket holds', () => {
    expect(readBasketQuantity('۱٫۵', TONNES, [], { adding: true })).toEqual({ value: 1.5 });
    addToBasket(TONNES, 4_000);
    expect(readBasketQuantity('1500', TONNES, basketLines(), { adding: true }).error).toBe(
      'مقدار حداکثر ۱٬۰۰۰ تن (۴٬۰۰۰ تن در سبد هست) است.',
    );
    // The basket's own field replaces the line's figure.
    expect(readBasketQuantity('4500', TONNES, basketLines(), { adding: false })).toEqual({ value: 4500 });
  });

  it('keeps a whole inquiry within 20,000 tonnes', () => {
    for (const slug of ['a', 'b', 'c', 'd'])
      addToBasket(slotProduct(slug, { saleUnit: 'tonne', attributes: {} }), 5_000);
    expect(readBasketQuantity('1', TONNES, basketLines(), { adding: true }).error).toBe(
      'وزن کل یک استعلام حداکثر ۲۰٬۰۰۰ تن است؛ این اقلام ۲۰٬۰۰۱ تن است. آن را در چند استعلام بفرستید.',
    );
  });
});

describe('«افزودن به استعلام» on a product page', () => {
  const field = () => screen.getByRole('textbox', { name: /مقدار/ });
  const add = () => fireEvent.click(screen.getByRole('button', { name: 'افزودن به استعلام' }));

  it('is a text field with the number keyboard, never type=number', () => {
    renderInShell(<AddToInquiry product={REBAR_12} />);
    expect(field()).toHaveAttribute('type', 'text');
    expect(field()).toHaveAttribute('inputmode', 'decimal');
  });

  it('adds «۱۲» and «١٫۵» as 12 and 1.5, with the weight beside the field', () => {
    renderInShell(<AddToInquiry product={REBAR_12} />);
    fireEvent.change(field(), { target: { value: '۱۲' } });
    expect(field()).toHaveAccessibleDescription(/۱۲ شاخه ≈ ۰٫۱۲۸ تن/);
    add();
    fireEvent.change(field(), { target: { value: '١٫۵' } });
    add();
    expect(basketLines().map((line) => line.quantity)).toEqual([13.5]);
  });

  it('takes tonnes for a branch product: «۲» adds the 188 whole branches they come to, and says both', () => {
    renderInShell(<AddToInquiry product={REBAR_12} />);
    const units = screen.getByRole('group', { name: 'واحد مقدار «میلگرد آجدار ۱۲»' });
    const tonnes = within(units).getByRole('button', { name: 'تن' });
    expect(within(units).getByRole('button', { name: 'شاخه' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(tonnes);
    expect(tonnes).toHaveAttribute('aria-pressed', 'true');
    // The «1» already in the field follows the unit: one branch is 10 kg.
    expect(screen.getByRole('textbox', { name: 'مقدار (تن)' })).toHaveValue('۰٫۰۱');
    fireEvent.change(field(), { target: { value: '۲' } });
    expect(field()).toHaveAccessibleDescription(/۲ تن ≈ ۱۸۸ شاخه \(۲٫۰۰۳ تن؛ تعداد به بالا گرد شد\)/);
    add();
    expect(basketLines().map((line) => line.quantity)).toEqual([188]);
    expect(screen.getByText(/در سبد استعلام/)).toHaveTextContent('در سبد استعلام: ۱۸۸ شاخه ≈ ۲٫۰۰۳ تن');
    // Back to branches: the figure is the pieces.
    fireEvent.click(within(units).getByRole('button', { name: 'شاخه' }));
    expect(screen.getByRole('textbox', { name: 'مقدار (شاخه)' })).toHaveValue('۱۸۸');
  });

  it('offers no unit choice where the weight of a piece is not plain', () => {
    renderInShell(<AddToInquiry product={slotProduct('unsure', { attributes: { branch_weight_kg: '10.66 ⚠' } })} />);
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.queryByRole('button', { name: 'تن' })).toBeNull();
  });

  it('says in Persian beside the field what it cannot take, keeps the figure and adds nothing', () => {
    renderInShell(<AddToInquiry product={REBAR_12} />);
    for (const [typed, said] of [
      ['1,5', 'فقط میان هر سه رقم'],
      ['1e9', 'نماد علمی'],
      ['1000000000', 'مقدار حداکثر ۴۶۹٬۲۱۹ شاخه (≈ ۵٬۰۰۰ تن) است.'],
      ['0', 'مقدار باید بیشتر از صفر باشد.'],
      ['-3', 'مقدار باید بیشتر از صفر باشد.'],
    ]) {
      fireEvent.change(field(), { target: { value: typed } });
      add();
      expect(field()).toHaveValue(typed);
      expect(field()).toHaveAttribute('aria-invalid', 'true');
      expect(field()).toHaveAccessibleDescription(new RegExp(said!.replace(/[().]/g, '\\$&')));
    }
    expect(basketLines()).toEqual([]);
  });
});
