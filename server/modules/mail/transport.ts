import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type MailMessage = {
  /** The outbox row id: names the .eml file and the Message-ID, so a retry is recognisable. */
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
};

export type MailTransport = {
  description: string;
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
};

function messageIdOf(message: MailMessage) {
  return `<${message.id}@assay>`;
}

function toNodemailer(message: MailMessage) {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    messageId: messageIdOf(message),
  };
}

/** Sends through an SMTP server (SMTP_URL). Timeouts are short: a claimed row waits on them. */
export function smtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    description: `SMTP at ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
    send: async (message) => {
      await transporter.sendMail(toNodemailer(message));
    },
    close: () => transporter.close(),
  };
}

/** Without SMTP_URL: each email becomes an .eml file under DATA_DIR/mail (CONTRACT.md). */
export function fileDropTransport(folder: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    description: `.eml files in ${folder}`,
    send: async (message) => {
      const info = await transporter.sendMail(toNodemailer(message));
      await fs.mkdir(folder, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await fs.writeFile(
        path.join(folder, `${stamp}-${message.id}.eml`),
        info.message as unknown as Buffer,
      );
    },
    close: () => transporter.close(),
  };
}

export function createMailTransport(config: { smtpUrl: string | undefined; dataDir: string }) {
  return config.smtpUrl
    ? smtpTransport(config.smtpUrl)
    : fileDropTransport(path.join(config.dataDir, 'mail'));
}
