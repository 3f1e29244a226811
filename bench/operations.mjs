// The operations figures of `npm run bench` (bench/run.mjs): the server's memory while one client
// exports every review, and the backup and restore commands' times and sizes (issue 20).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase, OPPORTUNITIES, root, sleep } from './lib.mjs';
import { rssMb } from './memory.mjs';
import { seedReviewers, seedWork } from './seed.mjs';

const log = (message) => console.log(message);
const _mb = (value) => `${value.toFixed(0)} MB`;

// --- Export memory --------------------------------------------------------------------------------

export async function exportMemory(server, cycle, wanted) {
  const existing = cycle.cookies.length * OPPORTUNITIES;
  let seeded = null;
  if (wanted > existing) {
    const extra = Math.ceil((wanted - existing) / OPPORTUNITIES);
    log(`  adding ${extra} reviewers with reviews only, to reach ${wanted} reviews...`);
    const started = performance.now();
    const cookies = await seedReviewers(
      server.baseUrl,
      cycle.adminCookie,
      cycle.cookies.length,
      extra,
    );
    const work = await seedWork(server.baseUrl, cookies, cycle.opportunityIds, {
      comments: false,
      offset: cycle.cookies.length,
    });
    seeded = {
      reviewers: extra,
      seconds: (performance.now() - started) / 1000,
      writesPerSecond: work.writesPerSecond,
    };
    log(
      `  ${work.writes} more reviews in ${seeded.seconds.toFixed(1)} s ` +
        `(${work.writesPerSecond.toFixed(0)} writes/s)`,
    );
  }
  await sleep(2000);
  const before = rssMb(server.pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 100);
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/admin/export/reviews`, {
    headers: { cookie: cycle.adminCookie },
  });
  if (!response.ok) throw new Error(`export: ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  await sleep(1000);
  clearInterval(timer);
  const after = rssMb(server.pid);
  peak = Math.max(peak, after);
  return {
    reviews: Math.max(wanted, existing),
    csvLines: lines,
    bytes,
    seconds,
    rssBeforeMb: before,
    rssPeakMb: peak,
    rssAfterMb: after,
    growthMb: peak - before,
    targetMet: peak - before < 50,
    seeded,
  };
}

// --- Backup and restore (issue 20) --------------------------------------------------------------

/** `node dist/server/<command>.js ...args` with `env`; answers its exit code, output and seconds. */
function runServerCommand(command, args, env) {
  const started = performance.now();
  const child = spawn(process.execPath, [`dist/server/${command}.js`, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) =>
    child.on('exit', (code) =>
      resolve({ code, output, seconds: (performance.now() - started) / 1000 }),
    ),
  );
}

/** The seconds a backup or restore command reports for its own work ("... in 1.2 s."). */
const reportedSeconds = (output) => Number(/ in ([\d.]+) s\./.exec(output)?.[1] ?? Number.NaN);

/**
 * The full backup of the seeded cycle: downloaded by the admin (bytes and time to the last byte),
 * written by `npm run backup` while the server runs, and loaded by `npm run restore` into a new
 * DATA_DIR (or a new database on the DATABASE_URL server).
 */
export async function backupFigures(server, cycle) {
  log('\nBackup and restore:');
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/admin/backup`, {
    headers: { cookie: cycle.adminCookie },
  });
  if (!response.ok) throw new Error(`backup: ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  const download = { bytes, seconds: (performance.now() - started) / 1000 };

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-bench-backup-'));
  const target = server.databaseUrl
    ? await createScratchDatabase(process.env.DATABASE_URL, '_restore')
    : null;
  try {
    const file = path.join(folder, 'bench.jsonl.gz');
    const source = server.databaseUrl
      ? { DATA_DIR: folder, DATABASE_URL: server.databaseUrl }
      : { DATA_DIR: server.dataDir };
    const backedUp = await runServerCommand('backup', [file], source);
    if (backedUp.code !== 0) throw new Error(`npm run backup failed:\n${backedUp.output}`);
    const cli = {
      rows: Number(/Backed up (\d+) rows/.exec(backedUp.output)?.[1] ?? Number.NaN),
      bytes: fs.statSync(file).size,
      seconds: reportedSeconds(backedUp.output),
      processSeconds: backedUp.seconds,
    };
    const destination = target
      ? { DATA_DIR: folder, DATABASE_URL: target.url }
      : { DATA_DIR: path.join(folder, 'restored') };
    const restored = await runServerCommand('restore', [file], destination);
    if (restored.code !== 0) throw new Error(`npm run restore failed:\n${restored.output}`);
    const restore = { seconds: reportedSeconds(restored.output), processSeconds: restored.seconds };
    const megabytes = (value) => `${(value / 1024 / 1024).toFixed(2)} MB`;
    log(
      `  GET /api/admin/backup: ${megabytes(download.bytes)} in ${download.seconds.toFixed(2)} s ` +
        `(${cli.rows} rows)`,
    );
    log(
      `  npm run backup while the server runs: ${megabytes(cli.bytes)} in ${cli.seconds.toFixed(1)} s ` +
        `(${cli.processSeconds.toFixed(1)} s with starting Node)`,
    );
    log(
      `  npm run restore into a new ${target ? 'database' : 'DATA_DIR'}: ${restore.seconds.toFixed(1)} s ` +
        `(${restore.processSeconds.toFixed(1)} s with starting Node${target ? '' : ' and a new cluster'})`,
    );
    return { download, cli, restore };
  } finally {
    await target?.drop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
