// react-markdown and its unified/micromark tree are ESM only, which jest (CommonJS) cannot load
// without transforming node_modules. Component tests see the markdown source as plain text; the
// real rendering (and its safety) is checked end to end in Chromium against the CMS.
const React = require('react');
module.exports = {
  __esModule: true,
  default: ({ children }) => React.createElement('div', { 'data-markdown': '' }, children),
};
