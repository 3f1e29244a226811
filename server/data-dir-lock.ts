import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { type Config, ConfigError } from './config';

/** The claim: a Unix socket that this process listens on for as long as it owns DATA_DIR. */
export const CLAIM_SOCKET = 'assay.sock';
/** What versions before the socket wrote; never trusted, removed once the claim is ours. */
const LEGACY_PID_FILE = 'assay.pid';
const PROBE_TIMEOUT_MS = 2_000;

/**
 * One app at a time may own an embedded cluster: a second one would stop the first one's
 * database when it "recovers" the cluster.
 *
 * The kernel closes a process's sockets the moment it dies, before it lingers as a zombie, so a
 * socket file that refuses connections was left by a dead holder, whatever became of its pid
 * (zombie, reused after a reboot, another pid namespace). A live holder accepts and answers with
 * its pid (decision 0008).
 */
export async function claimDataDir(config: Pick<Config, 'dataDir'>): Promise<() => void> {
  const socketPath = path.join(config.dataDir, CLAIM_SOCKET);
  fs.mkdirSync(config.dataDir, { recursive: true });
  for (let attempt = 0; attempt < 25; attempt++) {
    const server = net.createServer((connection) => {
      connection.on('error', () => {}); // a prober that went away
      connection.end(`${JSON.stringify({ pid: process.pid })}\n`);
    });
    const error = await listen(server, socketPath);
    if (!error) {
      server.unref();
      fs.rmSync(path.join(config.dataDir, LEGACY_PID_FILE), { force: true });
      return () => server.close(); // also removes the socket file
    }
    if (error.code !== 'EADDRINUSE') throw error;

    const inode = inodeOf(socketPath);
    const holder = await probe(socketPath);
    if (holder.state === 'dying') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    if (holder.state === 'live') {
      throw new ConfigError(
        `Another Assay process${holder.pid ? ` (pid ${holder.pid})` : ''} is using DATA_DIR ${config.dataDir}. Stop it or choose another DATA_DIR.`,
      );
    }
    // Left by a dead holder. Removed only if it is still that file: a start racing this one may
    // have put its own socket there meanwhile.
    if (inode !== undefined && inodeOf(socketPath) === inode)
      fs.rmSync(socketPath, { force: true });
  }
  throw new ConfigError(
    `Could not claim DATA_DIR ${config.dataDir}: whoever holds ${socketPath} neither answers nor lets go of it.`,
  );
}

function listen(server: net.Server, socketPath: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error));
    server.listen(socketPath, () => resolve(null));
  });
}

function inodeOf(file: string): number | undefined {
  try {
    return fs.lstatSync(file).ino;
  } catch {
    return undefined;
  }
}

/**
 * Connects to the claim socket. Refused (or gone): nobody holds it. Answered: a live holder and
 * its pid; accepted but unanswered (stopped, busy) is live all the same. Closed without an answer:
 * the holder is dying (its main thread has exited but the socket is not closed yet), so ask again.
 */
function probe(socketPath: string): Promise<{ state: 'live' | 'dead' | 'dying'; pid?: number }> {
  return new Promise((resolve, reject) => {
    let answer = '';
    let connected = false;
    const socket = net.connect(socketPath);
    const answered = () => {
      socket.destroy();
      try {
        const { pid } = JSON.parse(answer) as { pid?: unknown };
        resolve({ state: 'live', pid: Number.isInteger(pid) ? (pid as number) : undefined });
      } catch {
        resolve({ state: 'dying' });
      }
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => {
      socket.destroy();
      resolve({ state: 'live' });
    });
    socket.on('connect', () => (connected = true));
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', answered);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      socket.destroy();
      if (connected) answered();
      else if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve({ state: 'dead' });
      else reject(error);
    });
  });
}
