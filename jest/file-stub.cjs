// Asset imports (svg, png, fonts) resolve to a URL string under webpack; under jest, to this one.
module.exports = 'test-file-stub';
