// The server's memory as the kernel counts it (/proc), sampled while a benchmark runs (shared by
// the scripts of bench/).
import fs from 'node:fs';

function readKb(file, field) {
  try {
    const match = fs.readFileSync(file, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0; // the process is gone
  }
}

/** Resident set size of one process, in MB (0 when it is gone). */
export const rssMb = (pid) => readKb(`/proc/${pid}/status`, 'VmRSS') / 1024;

/** Every descendant of `pid` (the embedded postmaster and its backends, for the server). */
export function descendantsOf(pid) {
  const parents = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
    } catch {}
  }
  const found = [];
  let frontier = [pid];
  while (frontier.length) {
    const next = [];
    for (const [child, parent] of parents) if (frontier.includes(parent)) next.push(child);
    found.push(...next);
    frontier = next;
  }
  return found;
}

/**
 * Samples the server's RSS every 100 ms, and its descendants' (embedded PostgreSQL) RSS and PSS
 * every 500 ms. RSS summed over PostgreSQL processes counts shared buffers once per process;
 * PSS shares them out and is the fairer total.
 */
export function startMemorySampler(pid) {
  const state = {
    server: { peak: 0, last: 0 },
    postgres: { peakRss: 0, peakPss: 0, lastRss: 0, lastPss: 0, processes: 0 },
  };
  const windows = new Set();
  let ticks = 0;
  const sample = () => {
    const server = rssMb(pid);
    state.server.last = server;
    state.server.peak = Math.max(state.server.peak, server);
    for (const window of windows) window.server = Math.max(window.server, server);
    if (ticks++ % 5 === 0) {
      let rss = 0;
      let pss = 0;
      const children = descendantsOf(pid);
      for (const child of children) {
        rss += rssMb(child);
        pss += readKb(`/proc/${child}/smaps_rollup`, 'Pss') / 1024;
      }
      Object.assign(state.postgres, {
        lastRss: rss,
        lastPss: pss,
        processes: children.length,
        peakRss: Math.max(state.postgres.peakRss, rss),
        peakPss: Math.max(state.postgres.peakPss, pss),
      });
      for (const window of windows) {
        window.postgresRss = Math.max(window.postgresRss, rss);
        window.postgresPss = Math.max(window.postgresPss, pss);
      }
    }
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    state,
    /** Starts a window (windows may overlap); the returned function ends it with its peaks. */
    window() {
      const window = { server: state.server.last, postgresRss: 0, postgresPss: 0 };
      windows.add(window);
      return () => {
        windows.delete(window);
        return { ...window };
      };
    },
    stop: () => clearInterval(timer),
  };
}
