// CPU time as the kernel counts it (/proc/<pid>/stat), to say where a request's cost goes: the
// server's Node.js process, PostgreSQL (every `postgres` process of the machine: the one cluster
// both sides of a comparison use, loaded by one side at a time) and the load generator.
import fs from 'node:fs';

/** Kernel clock ticks per second (USER_HZ), 100 on Linux builds of every common architecture. */
const TICKS_PER_SECOND = 100;

/** utime + stime of one process in seconds (0 when it is gone), and its command name. */
function readStat(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // The fields after the last ')': state is [0], utime [11], stime [12].
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { name, seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return { name: '', seconds: 0 };
  }
}

/** CPU seconds so far of the server, of all PostgreSQL processes, and of this process. */
export function cpuNow(serverPid) {
  let postgres = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat.name === 'postgres') postgres += stat.seconds;
  }
  const own = process.cpuUsage();
  return {
    server: readStat(serverPid).seconds,
    postgres,
    load: (own.user + own.system) / 1e6,
  };
}

/** CPU microseconds per request of each part between two readings of cpuNow. */
export function cpuPerRequest(before, after, requests) {
  const per = (part) => ((after[part] - before[part]) * 1e6) / Math.max(requests, 1);
  return { server: per('server'), postgres: per('postgres'), load: per('load') };
}
