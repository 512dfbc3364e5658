import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; html?: string; link?: string };

export type Mailer = { send(message: MailMessage): Promise<void> };

/**
 * Sends through SMTP_URL when set; otherwise writes each mail as an .eml file in
 * DATA_DIR/outbox and logs the link it carries, so a first run needs no mail server.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      options.log.info(
        { to: message.to, subject: message.subject, link: message.link, file },
        'mail written to outbox',
      );
    },
  };
}
