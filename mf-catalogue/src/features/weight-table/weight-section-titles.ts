/**
 * The weight table's sections by address (`?section=`) and Persian title, in the page's order:
 * all the page's head needs, without the tables (which load with the page's own chunk).
 */
export const WEIGHT_SECTION_TITLES = [
  { id: 'rebar', title: 'میلگرد' },
  { id: 'ipe', title: 'تیرآهن IPE' },
  { id: 'inp', title: 'تیرآهن INP' },
  { id: 'he', title: 'تیرآهن هاش (HEA، HEB، HEM)' },
  { id: 'channel', title: 'ناودانی UPN و UPE' },
  { id: 'angle', title: 'نبشی' },
  { id: 'bar', title: 'میلگرد گرد، چهارپهلو و شش‌پر' },
  { id: 'flat', title: 'تسمه' },
  { id: 'sheet', title: 'ورق' },
  { id: 'pipe', title: 'لوله' },
  { id: 'hollow', title: 'قوطی و پروفیل' },
  { id: 'rail', title: 'ریل' },
] as const;

export type WeightSectionId = (typeof WEIGHT_SECTION_TITLES)[number]['id'];
export type WeightSectionTitle = (typeof WEIGHT_SECTION_TITLES)[number];

/** `?section=ipe` picks the section (rebar without one); an unknown one falls back too. */
export const sectionTitleOf = (search: URLSearchParams): WeightSectionTitle =>
  WEIGHT_SECTION_TITLES.find((section) => section.id === search.get('section')) ?? WEIGHT_SECTION_TITLES[0];
