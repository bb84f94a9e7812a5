/**
 * UI-kit strings (docs/behaviour.md, "UI strings"). People read Persian (`fa`); the English dictionary of the
 * old site is kept as `en` so the wording each Persian string translates stays documented and a
 * second locale can be switched on. `{hotkey}` and `{label}` are filled in by the caller.
 */
export const uiDictionaries = {
  en: {
    toastProviderLabel: 'Notification',
    toastViewportLabel: 'Notifications ({hotkey})',
    close: 'Close',
    noMatch: 'No matching data',
    noData: 'No data',
    create: 'Create "{label}"',
    search: 'Search...',
    commandPlaceholder: 'Type a command or search...',
    previousMonth: 'Previous month',
  },
  fa: {
    toastProviderLabel: 'اعلان',
    toastViewportLabel: 'اعلان‌ها ({hotkey})',
    close: 'بستن',
    noMatch: 'داده‌ای مطابق جستجو یافت نشد',
    noData: 'داده‌ای وجود ندارد',
    create: 'ایجاد «{label}»',
    search: 'جستجو...',
    commandPlaceholder: 'فرمان یا عبارت جستجو را بنویسید...',
    previousMonth: 'ماه قبل',
  },
} as const satisfies Record<'en' | 'fa', Record<string, string>>;

export type UiDictionary = (typeof uiDictionaries)['en'];
/** The locale people see. */
export const ui: Record<keyof UiDictionary, string> = uiDictionaries.fa;
