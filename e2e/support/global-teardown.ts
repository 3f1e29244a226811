import fs from 'node:fs';

/** The web server has stopped (and its embedded database with it): remove the run's DATA_DIR. */
export default async function globalTeardown() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir?.includes('assay-e2e-')) fs.rmSync(dataDir, { recursive: true, force: true });
}
