import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from './config';
import { claimDataDir } from './data-dir-lock';
import { processStateOf, spawnUnderNonReapingParent } from './reliability/non-reaping-parent';

// Real processes hold DATA_DIR: a holder is `node` running claimDataDir, as main.ts does.
const HOLDER = `
const { claimDataDir } = await import('./server/data-dir-lock.ts');
try {
  await claimDataDir({ dataDir: process.env.DATA_DIR });
  console.log('claimed');
  setInterval(() => {}, 60_000);
} catch (error) {
  console.log(error.message);
  process.exit(1);
}`;
const holderCommand = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', HOLDER];

const cleanUps: (() => void)[] = [];
afterEach(() => {
  for (const cleanUp of cleanUps.splice(0).reverse()) cleanUp();
});

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-lock-'));
  cleanUps.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function spawnHolder(dataDir: string) {
  let output = '';
  const child = spawn(holderCommand[0]!, holderCommand.slice(1), {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  cleanUps.push(() => child.kill('SIGKILL'));
  return { child, output: () => output };
}

async function until(condition: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

const claim = async (dataDir: string) => claimDataDir({ dataDir } as Config);

describe('claimDataDir', () => {
  it('refuses while a live Assay holds DATA_DIR, with the message naming its pid', async () => {
    const dataDir = tempDataDir();
    const holder = spawnHolder(dataDir);
    await until(() => holder.output().includes('claimed'), 'the holder to claim');

    await expect(claim(dataDir)).rejects.toThrow(
      `Another Assay process (pid ${holder.child.pid}) is using DATA_DIR ${dataDir}. Stop it or choose another DATA_DIR.`,
    );
  });

  it('takes over from a holder killed under a parent that does not reap it (a zombie)', async () => {
    const dataDir = tempDataDir();
    const holder = spawnUnderNonReapingParent(holderCommand, { ...process.env, DATA_DIR: dataDir });
    cleanUps.push(holder.cleanUp);
    await until(() => holder.output().includes('claimed'), 'the holder to claim');
    const pid = await holder.pid();
    process.kill(pid, 'SIGKILL');
    await until(() => processStateOf(pid) === 'Z', 'the holder to become a zombie');

    const release = await claim(dataDir);
    cleanUps.push(release);
    expect(processStateOf(pid)).toBe('Z');
  });

  it('takes over a lock whose pid now belongs to a live process that is not Assay', async () => {
    const dataDir = tempDataDir();
    const holder = spawnHolder(dataDir);
    await until(() => holder.output().includes('claimed'), 'the holder to claim');
    holder.child.kill('SIGKILL');
    await exited(holder.child);
    // After a reboot the pid an earlier Assay wrote (assay.pid up to now) names someone else.
    const stranger = spawn('sleep', ['600'], { stdio: 'ignore' });
    cleanUps.push(() => stranger.kill('SIGKILL'));
    fs.writeFileSync(path.join(dataDir, 'assay.pid'), String(stranger.pid));

    const release = await claim(dataDir);
    cleanUps.push(release);

    // The claim is ours now: another start is refused, naming this process.
    const second = spawnHolder(dataDir);
    expect(await exited(second.child)).toBe(1);
    expect(second.output()).toContain(`Another Assay process (pid ${process.pid})`);
    expect(stranger.exitCode).toBeNull();
  });

  it('is free again once released', async () => {
    const dataDir = tempDataDir();
    const release = await claim(dataDir);
    release();
    const again = await claim(dataDir);
    cleanUps.push(again);
  });
});
