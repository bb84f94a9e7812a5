import { formatToman, unitLabelFa } from '@steel/shared';

// The units' Persian names are the kit's (an inquiry basket names them too).
export { unitLabelFa } from '@steel/shared';

/** «۳۶٬۲۸۷ تومان / کیلوگرم», or «تماس بگیرید» without a price (data/domain/persian-ui.md, "Numbers, dates, currency"). */
export function PriceText({ rial, unit }: { rial: number | null; unit: string }) {
  if (!rial) return <>تماس بگیرید</>;
  return (
    <>
      {formatToman(rial)} <span className="text-slate-500 dark:text-slate-400">/ {unitLabelFa(unit)}</span>
    </>
  );
}
