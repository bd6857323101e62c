export * from './shared.js';
export * from './magazine.js';
export * from './people.js';
export * from './intranet.js';
export * from './intro.js';
