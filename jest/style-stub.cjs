// Stylesheets under jest: the shell's are side-effect imports, a remote's are strings it inserts.
module.exports = '';
