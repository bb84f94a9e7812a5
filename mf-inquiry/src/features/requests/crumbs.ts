/** The trail every inquiry page hangs from: the basket, then the buyer's inquiries. */
export const REQUESTS_CRUMB = {
  basket: { label: 'سبد استعلام', to: '/inquiry' },
  list: { label: 'استعلام‌های من', to: '/inquiry/requests' },
} as const;
