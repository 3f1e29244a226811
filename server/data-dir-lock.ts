import fs from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError } from './config';

/**
 * One app at a time may own an embedded cluster: a second one would stop the first one's
 * database when it "recovers" the cluster.
 */
export function claimDataDir(config: Config): () => void {
  const lockFile = path.join(config.dataDir, 'assay.pid');
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (fs.existsSync(lockFile)) {
    const pid = Number(fs.readFileSync(lockFile, 'utf8'));
    let alive = false;
    try {
      alive = pid > 0 && pid !== process.pid && process.kill(pid, 0);
    } catch {
      alive = false;
    }
    if (alive) {
      throw new ConfigError(
        `Another Assay process (pid ${pid}) is using DATA_DIR ${config.dataDir}. Stop it or choose another DATA_DIR.`,
      );
    }
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => fs.rmSync(lockFile, { force: true });
}
