export * from './resolve-colour-mode';
export * from './colour-mode';
export * from './use-colour-mode';
