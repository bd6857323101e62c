import fs from 'node:fs';
import path from 'node:path';

/** The page build's server bundle (React Router's), in `web/build` after `npm run build`. */
export const serverEntryOf = (buildDir: string) => path.join(buildDir, 'server', 'index.js');

/** The built files browsers load, when there is a build; undefined when there is none. */
export function webClientDir(buildDir: string): string | undefined {
  return fs.existsSync(serverEntryOf(buildDir)) ? path.join(buildDir, 'client') : undefined;
}
