import type { Locale } from '@portal/contracts';

type Reminder = {
  firm: string;
  company: string;
  title: string;
  dueDate: string;
  missing: string[];
  link: string;
};

const TEXTS: Record<Locale, { subject: (r: Reminder) => string; body: (r: Reminder) => string }> = {
  fr: {
    subject: (r) => `Rappel : ${r.title}`,
    body: (r) =>
      `Bonjour,\n\n${r.firm} attend toujours des éléments pour ${r.company} (« ${r.title} », échéance le ${r.dueDate})` +
      `${r.missing.length ? ` :\n${r.missing.map((m) => `- ${m}`).join('\n')}` : '.'}\n\nRépondez depuis votre portail :\n${r.link}`,
  },
  en: {
    subject: (r) => `Reminder: ${r.title}`,
    body: (r) =>
      `Hello,\n\n${r.firm} is still waiting for items for ${r.company} ("${r.title}", due ${r.dueDate})` +
      `${r.missing.length ? `:\n${r.missing.map((m) => `- ${m}`).join('\n')}` : '.'}\n\nAnswer from your portal:\n${r.link}`,
  },
  pt: {
    subject: (r) => `Lembrete: ${r.title}`,
    body: (r) =>
      `Olá,\n\n${r.firm} ainda aguarda elementos para ${r.company} («${r.title}», prazo ${r.dueDate})` +
      `${r.missing.length ? `:\n${r.missing.map((m) => `- ${m}`).join('\n')}` : '.'}\n\nResponda no seu portal:\n${r.link}`,
  },
};

/** The reminder of an overdue information request, in the recipient's language. */
export const reminderMail = (locale: Locale, reminder: Reminder) => ({
  subject: TEXTS[locale].subject(reminder),
  text: TEXTS[locale].body(reminder),
  link: reminder.link,
});
