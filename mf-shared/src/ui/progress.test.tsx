import { render, screen } from '@testing-library/react';
import {
  PROGRESS_DEFAULT_MAX,
  Progress,
  normaliseProgressMax,
  normaliseProgressValue,
  progressState,
} from './progress';

describe('progress validation', () => {
  let error: jest.SpyInstance;
  beforeEach(() => (error = jest.spyOn(console, 'error').mockImplementation(() => {})));
  afterEach(() => error.mockRestore());

  it('max must be a number > 0, otherwise 100 with a warning', () => {
    expect(normaliseProgressMax(undefined)).toBe(PROGRESS_DEFAULT_MAX);
    expect(normaliseProgressMax(20)).toBe(20);
    expect(error).not.toHaveBeenCalled();
    for (const bad of [0, -5, Number.NaN, '50']) expect(normaliseProgressMax(bad)).toBe(100);
    expect(error).toHaveBeenCalledTimes(4);
  });

  it('value must be a number in 0..max or null; anything else is null with a warning', () => {
    expect(normaliseProgressValue(null, 100)).toBeNull();
    expect(normaliseProgressValue(undefined, 100)).toBeNull();
    expect(normaliseProgressValue(0, 100)).toBe(0);
    expect(normaliseProgressValue(100, 100)).toBe(100);
    expect(error).not.toHaveBeenCalled();
    for (const bad of [-1, 101, Number.NaN, '5']) expect(normaliseProgressValue(bad, 100)).toBeNull();
    expect(error).toHaveBeenCalledTimes(4);
  });

  it('states: indeterminate, loading, complete', () => {
    expect(progressState(null, 100)).toBe('indeterminate');
    expect(progressState(40, 100)).toBe('loading');
    expect(progressState(100, 100)).toBe('complete');
  });

  it('renders Radix progress with the normalised values', () => {
    const { rerender } = render(<Progress label="بارگذاری" value={30} max={60} />);
    const bar = screen.getByRole('progressbar', { name: 'بارگذاری' });
    expect(bar).toHaveAttribute('data-state', 'loading');
    expect(bar).toHaveAttribute('aria-valuemax', '60');
    rerender(<Progress label="بارگذاری" value={500} max={0} />);
    expect(bar).toHaveAttribute('data-state', 'indeterminate');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    rerender(<Progress label="بارگذاری" value={100} />);
    expect(bar).toHaveAttribute('data-state', 'complete');
  });
});
