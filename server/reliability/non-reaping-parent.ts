import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';

/**
 * A parent that never reaps, as PID 1 of a container without an init, or `sh -c 'app & exec
 * sleep 60'`: it marks itself a child subreaper (prctl PR_SET_CHILD_SUBREAPER, kept across exec),
 * forks the command into a session of its own and turns into `sleep`. Once killed, the command
 * and every process orphaned under it (its PostgreSQL) stay zombies until this parent is stopped.
 * Python only for prctl, which Node cannot call.
 */
const PARENT = `
import ctypes, os, sys
if ctypes.CDLL(None).prctl(36, 1, 0, 0, 0) != 0:
    sys.exit('prctl(PR_SET_CHILD_SUBREAPER) failed')
pid = os.fork()
if pid == 0:
    os.setsid()
    os.execvp(sys.argv[1], sys.argv[1:])
print('non-reaping-parent-child', pid, flush=True)
os.execvp('sleep', ['sleep', '600'])
`;

export type UnderNonReapingParent = {
  /** The python-then-sleep parent; stopping it lets PID 1 reap the zombies. */
  parent: ChildProcess;
  /** The command's pid, also the id of its process group. */
  pid: () => Promise<number>;
  output: () => string;
  /** Kills the command's group (if still running) and the parent. */
  cleanUp: () => void;
};

export function spawnUnderNonReapingParent(
  command: string[],
  env: NodeJS.ProcessEnv,
): UnderNonReapingParent {
  let output = '';
  const parent = spawn('python3', ['-c', PARENT, ...command], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  parent.stdout!.on('data', (chunk) => (output += chunk));
  parent.stderr!.on('data', (chunk) => (output += chunk));
  const pid = async () => {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const found = /non-reaping-parent-child (\d+)/.exec(output);
      if (found) return Number(found[1]);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no child pid from the non-reaping parent:\n${output}`);
  };
  const cleanUp = () => {
    const found = /non-reaping-parent-child (\d+)/.exec(output);
    if (found) {
      try {
        process.kill(-Number(found[1]), 'SIGKILL');
      } catch {
        // already gone
      }
    }
    parent.kill('SIGKILL');
  };
  return { parent, pid, output: () => output, cleanUp };
}

/** The state letter of /proc/PID/stat (R, S, Z, ...), or undefined once the pid is gone. */
export function processStateOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}
