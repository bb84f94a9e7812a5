// Non-code imports resolved by webpack (and by jest's moduleNameMapper).
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.woff2' {
  const url: string;
  export default url;
}
