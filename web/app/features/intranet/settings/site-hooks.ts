import { useState } from 'react';

/**
 * Loaded data as a move left it: a move answers the list in its new order,
 * which is shown without reading the list again; the next load replaces it.
 */
export function useMoved<T>(loaded: T) {
  const [moved, setMoved] = useState<{ from: T; value: T } | null>(null);
  const value = moved && moved.from === loaded ? moved.value : loaded;
  return [value, (next: T) => setMoved({ from: loaded, value: next })] as const;
}
