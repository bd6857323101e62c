import type { FileStorage } from '../platform/files/storage.js';
import { uploadBytes } from './metrics.js';

/** The storage with every stored file's bytes counted (upload_bytes_total), whatever the driver. */
export function countedStorage(storage: FileStorage): FileStorage {
  return {
    put: async (source, options) => {
      const stored = await storage.put(source, options);
      uploadBytes.inc(stored.size);
      return stored;
    },
    read: (key, range) => storage.read(key, range),
    remove: (key) => storage.remove(key),
    has: (key) => storage.has(key),
  };
}
