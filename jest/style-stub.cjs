// Stylesheets are side effects for webpack; under jest they are nothing.
module.exports = {};
