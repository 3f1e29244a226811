import { describe, expect, it } from 'vitest';
import { loggerOptions } from './app';
import { createLogger, type LogOutput, prettyDestination, resolveLogFormat } from './log-output';

/** A stand-in for stdout that keeps what is written. */
function capture(isTTY: boolean): LogOutput & { text: () => string } {
  const chunks: string[] = [];
  return { isTTY, write: (text: string) => chunks.push(text), text: () => chunks.join('') };
}

const ESCAPE = '\x1b[';
const LINE_HEAD = /^\d\d:\d\d:\d\d\.\d{3} /;

describe('the log format', () => {
  it('is pretty on a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(resolveLogFormat(undefined, capture(true))).toBe('pretty');
    expect(resolveLogFormat(undefined, capture(false))).toBe('json');
    expect(resolveLogFormat('json', capture(true))).toBe('json');
    expect(resolveLogFormat('pretty', capture(false))).toBe('pretty');
  });
});

describe('JSON lines', () => {
  it('are pino’s, one object per line', () => {
    const out = capture(false);
    createLogger(loggerOptions('info'), 'json', out).info({ component: 'mail' }, 'Mail: ready');
    const record = JSON.parse(out.text());
    expect(record).toMatchObject({ level: 30, msg: 'Mail: ready', component: 'mail' });
  });
});

describe('pretty lines', () => {
  it('show time, level, message and fields on one line, without colour off a terminal', () => {
    const out = capture(false);
    const logger = createLogger(loggerOptions('info'), 'pretty', out);
    logger.info({ reqId: 'req-1', req: { method: 'GET', url: '/api/health' } }, 'incoming request');
    logger.warn({ note: 'two words', responseTime: 104.29192800000055 }, 'careful');
    logger.debug('below the level: not written');
    const lines = out.text().split('\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(LINE_HEAD);
    expect(lines[0]!.slice(13)).toBe(
      'INFO  incoming request  reqId=req-1 req.method=GET req.url=/api/health',
    );
    expect(lines[1]!.slice(13)).toBe('WARN  careful  note="two words" responseTime=104.292');
    expect(out.text()).not.toContain(ESCAPE);
  });

  it('colour the level on a terminal', () => {
    const out = capture(true);
    createLogger(loggerOptions('info'), 'pretty', out).error('failed');
    expect(out.text()).toContain(`${ESCAPE}31mERROR`);
  });

  it('put an error’s stack under its line', () => {
    const out = capture(false);
    const error = Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
    createLogger(loggerOptions('info'), 'pretty', out).error({ err: error }, 'could not send');
    const [first, second, third] = out.text().split('\n');
    expect(first!.slice(13)).toBe('ERROR could not send  err.code=ECONNREFUSED');
    expect(second).toBe(`${' '.repeat(19)}Error: connection refused`);
    expect(third).toMatch(/^ {19}\s*at .*log-output\.test\.ts/);
  });

  it('keep the redactions of the JSON log', () => {
    const out = capture(false);
    createLogger(loggerOptions('info'), 'pretty', out).info(
      { invitation: { token: 'secret-token' }, body: { password: 'hunter22' } },
      'request',
    );
    expect(out.text()).not.toMatch(/secret-token|hunter22/);
    expect(out.text()).toContain('[Redacted]');
  });

  it('frame a highlighted line and list its fields one per line', () => {
    const out = capture(false);
    createLogger(loggerOptions('info'), 'pretty', out).warn(
      { highlight: true, email: 'admin@localhost', oneTimePassword: 'Pw7xQ2' },
      'Created the administrator',
    );
    const lines = out.text().split('\n');
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} WARN {2}={72}$/);
    expect(lines.slice(1, 5)).toEqual([
      `${' '.repeat(19)}Created the administrator`,
      `${' '.repeat(19)}email            admin@localhost`,
      `${' '.repeat(19)}oneTimePassword  Pw7xQ2`,
      `${' '.repeat(19)}${'='.repeat(72)}`,
    ]);
  });

  it('pass on a line that is not pino’s untouched', () => {
    const out = capture(false);
    prettyDestination(out, { colors: false }).write('plain text\n');
    expect(out.text()).toBe('plain text\n');
  });
});
