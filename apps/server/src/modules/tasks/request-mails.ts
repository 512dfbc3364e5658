import type { Locale } from '@portal/contracts';

type Request = {
  firm: string;
  company: string;
  title: string;
  dueDate: string | null;
  items: string[];
  link: string;
};

const list = (items: string[]) => items.map((i) => `- ${i}`).join('\n');

const TEXTS: Record<Locale, { subject: (r: Request) => string; body: (r: Request) => string }> = {
  fr: {
    subject: (r) => `Nouvelle demande d'informations : ${r.title}`,
    body: (r) =>
      `Bonjour,\n\n${r.firm} vous demande des éléments pour ${r.company} (« ${r.title} »` +
      `${r.dueDate ? `, échéance le ${r.dueDate}` : ''})${r.items.length ? ` :\n${list(r.items)}` : '.'}` +
      `\n\nRépondez depuis votre portail :\n${r.link}`,
  },
  en: {
    subject: (r) => `New information request: ${r.title}`,
    body: (r) =>
      `Hello,\n\n${r.firm} is asking you for items for ${r.company} ("${r.title}"` +
      `${r.dueDate ? `, due ${r.dueDate}` : ''})${r.items.length ? `:\n${list(r.items)}` : '.'}` +
      `\n\nAnswer from your portal:\n${r.link}`,
  },
  pt: {
    subject: (r) => `Nova solicitação de informações: ${r.title}`,
    body: (r) =>
      `Olá,\n\n${r.firm} solicita elementos para ${r.company} («${r.title}»` +
      `${r.dueDate ? `, prazo ${r.dueDate}` : ''})${r.items.length ? `:\n${list(r.items)}` : '.'}` +
      `\n\nResponda no seu portal:\n${r.link}`,
  },
};

/** The mail telling a client user of a new information request, in their language. */
export const requestMail = (locale: Locale, request: Request) => ({
  subject: TEXTS[locale].subject(request),
  text: TEXTS[locale].body(request),
  link: request.link,
});
