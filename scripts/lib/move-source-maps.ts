import fs from 'node:fs';
import path from 'node:path';

/**
 * Moves every `.map` file of a build from the served folder `from` into `to` (emptied first): the
 * maps tell the bundle-size bench which module each byte comes from, and the server must not hand
 * out the portal's sources.
 */
export function moveSourceMaps(from: string, to: string): void {
  fs.rmSync(to, { recursive: true, force: true });
  fs.mkdirSync(to, { recursive: true });
  for (const name of fs.readdirSync(from)) {
    if (name.endsWith('.map')) fs.renameSync(path.join(from, name), path.join(to, name));
  }
}
