// Non-code imports resolved by webpack (and by jest's moduleNameMapper).
// A remote's stylesheet is its CSS as a string (css-loader's exportType 'string'); the shell's is imported for effect.
declare module '*.css' {
  const css: string;
  export default css;
}
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.woff2' {
  const url: string;
  export default url;
}
