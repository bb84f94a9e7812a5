/**
 * A small Persian page for answers that come before any app (a malformed URL, too many renders):
 * no shell, no script, the site's colours in both colour modes.
 */
export function staticErrorPage({
  title,
  heading,
  message,
  homeLink = false,
  link,
}: {
  title: string;
  heading: string;
  message: string;
  homeLink?: boolean;
  /** A way on (signing in) before the link home; its href is written as given (escape it first). */
  link?: { href: string; label: string };
}): string {
  const links = [
    ...(link ? [`<a href="${link.href}">${link.label}</a>`] : []),
    ...(homeLink ? ['<a href="/">بازگشت به صفحه اصلی</a>'] : []),
  ];
  return `<!doctype html>
<html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} | بازار آهن‌آلات</title>
<style>body{font-family:Vazirmatn,system-ui,sans-serif;text-align:center;padding:4rem 1rem;color:#0f172a;background:#fff}
@media (prefers-color-scheme:dark){body{color:#f1f5f9;background:#020617}a{color:#4ade80}}a{color:#15803d}</style></head>
<body><h1>${heading}</h1><p>${message}</p>${links.map((anchor) => `\n<p>${anchor}</p>`).join('')}</body></html>
`;
}
