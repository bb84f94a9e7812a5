// Tailwind CSS 4 for every app; it minifies its own output when NODE_ENV=production.
module.exports = { plugins: { '@tailwindcss/postcss': {} } };
