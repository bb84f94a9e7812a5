/**
 * The pro-forma on paper: A4, and nothing of the site around it — the layout's header and footer,
 * toasts and notices stay on screen — in black on white whatever the screen's colour mode. A
 * `<style>` the page renders while it is shown, not the app's stylesheet: that one is scoped to
 * the app's own element (a remote never restyles the page), and these rules must reach the
 * layout around it. They go with the page, so printing any other page of the site is unchanged.
 */
export const PROFORMA_PRINT_STYLE = `
@page { size: A4; margin: 14mm 12mm; }
@media print {
  html, body { background: #fff !important; }
  [data-layout] > :not([data-layout-body]),
  [data-layout] ~ *,
  [data-layout-body] > :not(main),
  main > :not(:has([data-proforma])),
  [data-proforma-actions] { display: none !important; }
  [data-app='inquiry'] { max-width: none !important; padding: 0 !important; margin: 0 !important; }
  [data-proforma], [data-proforma] * { color: #000 !important; background: transparent !important; }
  [data-proforma] thead { background: #f1f5f9 !important; }
  [data-proforma] tr { break-inside: avoid; }
}
`;
