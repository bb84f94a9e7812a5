/**
 * The price table on paper: an A4 price list — the site's name and the date above the table,
 * nothing of the site around it (header, footer, filters, buttons), every row whole, black on
 * white whatever the screen's colour mode. A `<style>` the page renders while it is shown: the
 * app's own stylesheet is scoped to its element and cannot reach the layout around it.
 */
export const PRICE_TABLE_PRINT_STYLE = `
@page { size: A4; margin: 12mm 10mm; }
@media print {
  html, body { background: #fff !important; }
  [data-layout] > :not([data-layout-body]),
  [data-layout] ~ *,
  [data-layout-body] > :not(main),
  main > :not(:has([data-price-table])),
  [data-price-table-controls] { display: none !important; }
  [data-app='catalogue'] { max-width: none !important; padding: 0 !important; margin: 0 !important; }
  [data-price-table], [data-price-table] * { color: #000 !important; background: transparent !important; }
  [data-price-table-scroll] { max-height: none !important; overflow: visible !important; border: 0 !important; }
  [data-price-table] table { width: 100% !important; min-width: 0 !important; font-size: 8.5pt; }
  [data-price-table] th, [data-price-table] td { white-space: normal !important; padding: 2pt 3pt !important; }
  [data-price-table] thead th { position: static !important; border-bottom: 1pt solid #000 !important; }
  [data-price-table] tr { break-inside: avoid; }
}
`;
