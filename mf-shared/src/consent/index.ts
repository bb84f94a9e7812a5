export * from './consent-store';
