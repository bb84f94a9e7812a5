/**
 * The chart's colours in light and dark mode: the theme's green (primary-600 / primary-400) and
 * slate, as hex (the canvas takes them as they are; they match theme.css).
 */
export const chartColours = {
  light: {
    line: '#16a34a',
    areaTop: 'rgba(22, 163, 74, 0.28)',
    areaBottom: 'rgba(22, 163, 74, 0.02)',
    text: '#475569',
    grid: '#e2e8f0',
    crosshair: '#64748b',
  },
  dark: {
    line: '#4ade80',
    areaTop: 'rgba(74, 222, 128, 0.28)',
    areaBottom: 'rgba(74, 222, 128, 0.02)',
    text: '#cbd5e1',
    grid: '#334155',
    crosshair: '#94a3b8',
  },
} as const;

export type ChartColours = (typeof chartColours)[keyof typeof chartColours];
