// react-markdown and its unified/micromark tree are ESM only, which jest (CommonJS) cannot load
// without transforming node_modules. Component tests see the markdown source as plain text; the
// real rendering (and its safety) is checked end to end in Chromium against the CMS. Every app's
// jest maps react-markdown here (`@steel/shared/jest/markdown-stub.cjs`), this repository's and a
// remote's made by the scaffold alike.
const React = require('react');
module.exports = {
  __esModule: true,
  default: ({ children }) => React.createElement('div', { 'data-markdown': '' }, children),
};
