import { formatToman } from '@steel/shared';

const UNIT_FA: Record<string, string> = {
  kg: 'کیلوگرم',
  tonne: 'تن',
  branch: 'شاخه',
  sheet: 'برگ',
  m2: 'متر مربع',
  roll: 'رول',
  coil: 'کلاف',
  piece: 'عدد',
  meter: 'متر',
};
export const unitLabelFa = (unit: string) => UNIT_FA[unit] ?? unit;

/** «۳۶٬۲۸۷ تومان / کیلوگرم», or «تماس بگیرید» without a price (data/domain/persian-ui.md, "Numbers, dates, currency"). */
export function PriceText({ rial, unit }: { rial: number | null; unit: string }) {
  if (!rial) return <>تماس بگیرید</>;
  return (
    <>
      {formatToman(rial)} <span className="text-slate-500 dark:text-slate-400">/ {unitLabelFa(unit)}</span>
    </>
  );
}
