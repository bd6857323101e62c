export * from './shared.js';
export * from './magazine.js';
export * from './video.js';
export * from './showcase.js';
export * from './news.js';
export * from './people.js';
export * from './auth.js';
export * from './files.js';
