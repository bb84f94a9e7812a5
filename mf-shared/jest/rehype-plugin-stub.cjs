// rehype plugins are ESM only like react-markdown (see markdown-stub.cjs); under jest the stubbed
// Markdown never runs them, so a plugin that does nothing stands in.
module.exports = { __esModule: true, default: () => () => undefined };
