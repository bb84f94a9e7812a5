/** Under a list of the catalogue's illustrative prices: what they are, and how to get a firm one. */
export function ApproximatePricesNote({ className = 'mt-2' }: { className?: string }) {
  return (
    <p className={`${className} text-xs text-slate-600 dark:text-slate-400`}>
      قیمت‌ها تقریبی است؛ برای قیمت قطعی استعلام بگیرید.
    </p>
  );
}
