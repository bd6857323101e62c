export * from './shared.js';
export * from './magazine.js';
