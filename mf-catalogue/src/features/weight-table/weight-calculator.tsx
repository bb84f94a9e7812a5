import { useId, useState } from 'react';
import { NumberField, formatNumber, readTypedNumber, type NumberRule } from '@steel/shared';
import { CALCULATOR_SHAPES, LABELS, calculatorKgPerMetre, type CalculatorShape } from './calculator-shapes';
import { totalKg } from './weight-formulas';
import { persianCell } from './weight-table-view';
import { inputClass } from '@steel/shared/forms';

/** What the calculator's fields accept (the kit's one reader says what is wrong beside each). */
const DIMENSION_RULE = { unit: 'میلی‌متر', aboveZero: true, max: 5000, decimals: 2 } as const;
const LENGTH_RULE: NumberRule = { label: 'طول', unit: 'متر', aboveZero: true, max: 100, decimals: 3 };
const COUNT_RULE: NumberRule = { label: 'تعداد', min: 1, max: 100_000, decimals: 0 };

/** An empty dimension says nothing yet (the result asks for the dimensions); anything else is read. */
const readField = (text: string, rule: NumberRule) =>
  text === '' ? { value: undefined, error: undefined } : readTypedNumber(text, rule);

const roundTo = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * Pick a shape, enter its dimensions (or pick a standard size), a length and a count: kg per
 * metre and the total weight, from weights.md's formulas. Results update as you type.
 */
export function WeightCalculator({ initialShapeId }: { initialShapeId?: string }) {
  const [shape, setShape] = useState<CalculatorShape>(
    () =>
      CALCULATOR_SHAPES.find((candidate) => candidate.id === initialShapeId) ??
      (CALCULATOR_SHAPES[0] as CalculatorShape),
  );
  const [size, setSize] = useState('');
  const [dimensions, setDimensions] = useState<Record<string, string>>({});
  const [length, setLength] = useState(String(shape.branchMetres));
  const [count, setCount] = useState('1');
  const shapeSelectId = useId();
  const sizeSelectId = useId();

  function chooseShape(id: string) {
    const next = CALCULATOR_SHAPES.find((candidate) => candidate.id === id);
    if (!next) return;
    setShape(next);
    setSize('');
    setDimensions({});
    setLength(String(next.branchMetres));
  }

  const dimensionReadings =
    shape.kind === 'formula'
      ? Object.fromEntries(
          shape.fields.map((field) => [
            field.key,
            readField(dimensions[field.key] ?? '', { ...DIMENSION_RULE, label: field.label.replace(/\s*\(.*\)$/, '') }),
          ]),
        )
      : {};
  const values = Object.fromEntries(
    Object.entries(dimensionReadings).map(([key, reading]) => [key, reading.value ?? Number.NaN]),
  );
  const kgPerMetre = calculatorKgPerMetre(shape, { size, values });
  const lengthReading = readTypedNumber(length, LENGTH_RULE);
  const countReading = readTypedNumber(count, COUNT_RULE);
  const lengthMetres = lengthReading.value;
  const pieces = countReading.value;
  const total =
    kgPerMetre !== null && lengthMetres !== undefined && pieces !== undefined
      ? totalKg(kgPerMetre, lengthMetres, pieces)
      : null;

  return (
    <section
      aria-labelledby="weight-calculator-heading"
      className="mb-8 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
      data-weight-calculator
    >
      <h2 id="weight-calculator-heading" className="mb-3 text-lg font-bold">
        محاسبه‌گر وزن آهن‌آلات
      </h2>
      <form className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(event) => event.preventDefault()}>
        <label
          htmlFor={shapeSelectId}
          className="flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-200"
        >
          {LABELS.shape}
          <select
            id={shapeSelectId}
            className={inputClass}
            value={shape.id}
            onChange={(event) => chooseShape(event.target.value)}
          >
            {CALCULATOR_SHAPES.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.title}
              </option>
            ))}
          </select>
        </label>
        {shape.kind === 'standard' ? (
          <label
            htmlFor={sizeSelectId}
            className="flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            {LABELS.size}
            <select
              id={sizeSelectId}
              className={inputClass}
              value={size}
              onChange={(event) => setSize(event.target.value)}
            >
              <option value="">انتخاب کنید</option>
              {shape.sizes.map((candidate) => (
                <option key={candidate.label} value={candidate.label}>
                  {persianCell(candidate.label)}
                </option>
              ))}
            </select>
          </label>
        ) : (
          shape.fields.map((field) => (
            <NumberField
              key={field.key}
              label={field.label}
              value={dimensions[field.key] ?? ''}
              onValueChange={(text) => setDimensions((current) => ({ ...current, [field.key]: text }))}
              error={dimensionReadings[field.key]?.error}
            />
          ))
        )}
        <NumberField
          label={LABELS.length ?? 'طول (متر)'}
          value={length}
          onValueChange={setLength}
          error={lengthReading.error}
        />
        <NumberField
          label={LABELS.count ?? 'تعداد شاخه'}
          inputMode="numeric"
          value={count}
          onValueChange={setCount}
          error={countReading.error}
        />
      </form>
      <div aria-live="polite" className="mt-4 rounded-md bg-slate-50 p-3 dark:bg-slate-800" data-calculator-result>
        {kgPerMetre === null ? (
          <p className="text-slate-600 dark:text-slate-300">
            {shape.kind === 'standard' ? 'سایز را انتخاب کنید.' : 'ابعاد را به میلی‌متر وارد کنید.'}
          </p>
        ) : (
          <dl className="grid gap-2 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-300">{LABELS.weight_per_meter}</dt>
              <dd className="text-lg font-bold" data-kg-per-metre>
                {formatNumber(roundTo(kgPerMetre, 3))}
              </dd>
            </div>
            {lengthMetres !== undefined && (
              <div>
                <dt className="text-sm text-slate-600 dark:text-slate-300">{LABELS.branch_weight}</dt>
                <dd className="text-lg font-bold">{formatNumber(roundTo(kgPerMetre * lengthMetres, 2))}</dd>
              </div>
            )}
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-300">{LABELS.total_weight}</dt>
              <dd className="text-lg font-bold" data-total-kg>
                {total === null
                  ? 'طول و تعداد را درست وارد کنید'
                  : `${formatNumber(roundTo(total, 2))} ${LABELS.kg}${total >= 1000 ? ` (${formatNumber(roundTo(total / 1000, 3))} ${LABELS.ton})` : ''}`}
              </dd>
            </div>
          </dl>
        )}
      </div>
      <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
        وزن‌ها اسمی (تئوری) و با چگالی ۷۸۵۰ کیلوگرم بر متر مکعب است؛ وزن واقعی هر کارخانه چند درصد متفاوت است.
      </p>
    </section>
  );
}
