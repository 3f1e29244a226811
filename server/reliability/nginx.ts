import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { exited, GUARD_MS, sleep } from './fault-support';

// A real nginx (Debian's package) in front of a test's app, running the configuration that
// README's "Deploying" section shows: docs/deploy/nginx.conf, with only ports and certificate
// paths changed. It runs unprivileged-style: its own prefix, pid file, temp paths and logs in a
// temporary directory, in the foreground as the test's child.

export const DEPLOYED_NGINX_CONF = path.resolve(
  import.meta.dirname,
  '../../docs/deploy/nginx.conf',
);

/** The name the test's certificate is issued to (clients connect to 127.0.0.1 and send it). */
export const SERVER_NAME = 'assay.test';

/** Debian installs nginx in /usr/sbin, which is not on every user's PATH. */
function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (fs.existsSync(candidate)) return candidate;
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'nginx');
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  throw new Error(
    'nginx is not installed: the proxy tests run a real nginx (`apt-get install -y nginx`; .ci/run installs it)',
  );
}

/** `search` replaced by `replacement` where it occurs exactly once, or an error naming it. */
function replaceOnce(text: string, search: string, replacement: string): string {
  const count = text.split(search).length - 1;
  if (count !== 1) {
    throw new Error(
      `docs/deploy/nginx.conf must contain \`${search}\` once (found ${count}): the proxy test fills it in`,
    );
  }
  return text.replace(search, () => replacement);
}

/** The documented configuration with this test's ports and certificate. */
export function testedNginxConfig(options: {
  appPort: number;
  httpPort: number;
  httpsPort: number;
  certificate: string;
  key: string;
}): string {
  let text = fs.readFileSync(DEPLOYED_NGINX_CONF, 'utf8');
  text = replaceOnce(text, 'server 127.0.0.1:3000;', `server 127.0.0.1:${options.appPort};`);
  text = replaceOnce(text, 'listen 80;', `listen 127.0.0.1:${options.httpPort};`);
  text = replaceOnce(text, 'listen 443 ssl;', `listen 127.0.0.1:${options.httpsPort} ssl;`);
  text = replaceOnce(
    text,
    'ssl_certificate /etc/letsencrypt/live/assay.example.org/fullchain.pem;',
    `ssl_certificate ${options.certificate};`,
  );
  text = replaceOnce(
    text,
    'ssl_certificate_key /etc/letsencrypt/live/assay.example.org/privkey.pem;',
    `ssl_certificate_key ${options.key};`,
  );
  return text;
}

export type Nginx = {
  /** https://assay.test:PORT as a browser would name it (requests go to 127.0.0.1). */
  httpsOrigin: string;
  httpPort: number;
  httpsPort: number;
  /** The self-signed certificate nginx presents (trusted by `send`). */
  certificate: string;
  /** nginx's access log: the address nginx saw for each request. */
  accessLog: () => string;
  stop: () => Promise<void>;
};

async function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts nginx in front of the app on `appPort`, on the two given ports of 127.0.0.1. */
export async function startNginx(options: {
  appPort: number;
  httpPort: number;
  httpsPort: number;
}): Promise<Nginx> {
  const binary = nginxBinary();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-nginx-'));
  const certificate = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${SERVER_NAME}`,
      '-addext',
      `subjectAltName=DNS:${SERVER_NAME}`,
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { stdio: 'ignore' },
  );
  fs.writeFileSync(
    path.join(dir, 'assay.conf'),
    testedNginxConfig({ ...options, certificate, key }),
  );
  const errorLog = path.join(dir, 'error.log');
  const accessLog = path.join(dir, 'access.log');
  // As root, nginx's workers would switch to `nobody`, who cannot use this directory.
  const user = process.getuid?.() === 0 ? `user ${os.userInfo().username};\n` : '';
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${user}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${errorLog} notice;
events { worker_connections 256; }
http {
    access_log ${accessLog};
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${dir}/assay.conf;
}
`,
  );
  const child: ChildProcess = spawn(
    binary,
    ['-p', `${dir}/`, '-c', path.join(dir, 'nginx.conf'), '-e', errorLog],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const failure = () =>
    `nginx did not start:\n${stderr}\n${fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : ''}`;
  const deadline = Date.now() + GUARD_MS;
  while (!(await acceptsConnections(options.httpsPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(failure());
    }
    await sleep(50);
  }
  return {
    httpsOrigin: `https://${SERVER_NAME}:${options.httpsPort}`,
    httpPort: options.httpPort,
    httpsPort: options.httpsPort,
    certificate: fs.readFileSync(certificate, 'utf8'),
    accessLog: () => fs.readFileSync(accessLog, 'utf8'),
    stop: async () => {
      // SIGQUIT: graceful stop of the master and its worker.
      child.kill('SIGQUIT');
      const code = await Promise.race([exited(child), sleep(GUARD_MS).then(() => 'timeout')]);
      if (code === 'timeout') child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Reply = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  /** `assay.sid=...` from Set-Cookie, if the answer set one. */
  cookie?: string;
  /** The Set-Cookie line of the session cookie, attributes included. */
  setCookie?: string;
};

/**
 * One request from a chosen local address (127.0.0.2, 127.0.0.3, ...: distinct clients to
 * whoever accepts the connection), over http or https (trusting `ca`, sending SERVER_NAME).
 */
export function send(
  url: string,
  options: {
    method?: string;
    from: string;
    headers?: Record<string, string>;
    body?: unknown;
    /** A body sent as it is (with its content-type among `headers`), instead of JSON. */
    payload?: Buffer;
    ca?: string;
  },
): Promise<Reply> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const payload =
    options.payload ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? 'GET',
        localAddress: options.from,
        headers: {
          host: target.host,
          ...(payload === undefined ? {} : { 'content-length': Buffer.byteLength(payload) }),
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        ...(secure ? { ca: options.ca, servername: target.hostname } : {}),
        agent: false,
        timeout: GUARD_MS,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: kept as text so that the assertion shows it
          }
          const setCookie = (response.headers['set-cookie'] ?? [])
            .filter((line) => line.startsWith('assay.sid=') && !line.startsWith('assay.sid=;'))
            .at(-1);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            setCookie,
            cookie: setCookie?.split(';')[0],
          });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer from ${url}`)));
    request.on('error', reject);
    request.end(payload);
  });
}
