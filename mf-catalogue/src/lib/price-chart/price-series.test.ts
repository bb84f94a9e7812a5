import { dayToTimestamp, normalisePoints, timeToDate, toChartPoints } from './price-series';

describe('price series for the chart', () => {
  it('sorts the points oldest first, keeps one per day and drops invalid days and values', () => {
    const points = normalisePoints([
      { date: '2026-11-02', value: 30 },
      { date: '2026-11-01', value: 10 },
      { date: '2026-11-02', value: 20 },
      { date: '2026/11/03', value: 40 },
      { date: '2026-11-04', value: Number.NaN },
    ]);
    expect(points).toEqual([
      { date: '2026-11-01', value: 10 },
      { date: '2026-11-02', value: 20 },
    ]);
  });

  it('turns days into UTC-midnight timestamps and back, whatever form the library passes', () => {
    const time = dayToTimestamp('2026-11-23');
    expect(time).toBe(Date.UTC(2026, 10, 23) / 1000);
    expect(toChartPoints([{ date: '2026-11-23', value: 5 }])).toEqual([{ time, value: 5 }]);
    const day = new Date(Date.UTC(2026, 10, 23)).getTime();
    expect(timeToDate(time as number as Parameters<typeof timeToDate>[0]).getTime()).toBe(day);
    expect(timeToDate({ year: 2026, month: 11, day: 23 }).getTime()).toBe(day);
    expect(timeToDate('2026-11-23').getTime()).toBe(day);
  });
});
