import { PageHeader, type PageUrl } from '@steel/shared';
import { WEIGHT_SECTIONS, type WeightSection } from './weight-sections';
import { sectionTitleOf } from './weight-section-titles';
import { SectionTabs, SizeFilter, WeightTableView } from './weight-table-view';
import { WeightCalculator } from './weight-calculator';
import { useSetSearchParam } from '../../lib/share/use-set-search-param';
import { QUERY, TITLE } from './weight-table-paths';

/** The calculator opens on the shape of the section being read. */
const CALCULATOR_SHAPE_OF_SECTION: Record<string, string> = {
  rebar: 'rebar',
  ipe: 'ipe',
  inp: 'inp',
  he: 'hea',
  channel: 'upn',
  angle: 'angle',
  bar: 'rebar',
  flat: 'flat',
  sheet: 'sheet',
  pipe: 'pipe',
  hollow: 'hollow',
  rail: 'rail',
};

/** The page's tables and calculator: its own chunk (the tables are most of it). */
export default function WeightTablePage({ url }: { url: PageUrl }) {
  // Typing in the size filter replaces the history entry rather than adding one per key.
  const setParam = useSetSearchParam(url, QUERY, { replace: true });
  const section = WEIGHT_SECTIONS.find(({ id }) => id === sectionTitleOf(url.search).id) as WeightSection;
  const size = url.search.get('size') ?? '';

  return (
    <article>
      <PageHeader title={TITLE} breadcrumb={[{ label: TITLE }]}>
        <p className="text-slate-600 dark:text-slate-300">
          وزن اسمی هر متر از مقاطع فولادی طبق استانداردها، با چگالی ۷۸۵۰ کیلوگرم بر متر مکعب.
        </p>
      </PageHeader>
      <WeightCalculator key={section.id} initialShapeId={CALCULATOR_SHAPE_OF_SECTION[section.id]} />
      <SectionTabs sections={WEIGHT_SECTIONS} current={section} />
      <section aria-labelledby="weight-section-heading" data-weight-section={section.id}>
        <h2 id="weight-section-heading" className="mb-3 text-xl font-bold">
          جدول وزن {section.title}
        </h2>
        <SizeFilter size={size} onSizeChange={(next) => setParam('size', next)} />
        {section.tables.map((table, index) => (
          <WeightTableView key={`${section.id}-${index}`} table={table} size={size} sectionTitle={section.title} />
        ))}
        <p className="text-xs text-slate-500 dark:text-slate-400">
          * مقادیر ستاره‌دار از منابع عمومی است و با منبع معتبر تطبیق داده نشده است.
        </p>
      </section>
    </article>
  );
}
