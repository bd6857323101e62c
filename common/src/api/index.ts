export * from './shared.js';
export * from './magazine.js';
export * from './auth.js';
export * from './files.js';
export * from './oplog.js';
export * from './cms.js';
