// Imported first by main.ts: React and React Router read NODE_ENV when they load.
process.env.NODE_ENV ??= 'production';
