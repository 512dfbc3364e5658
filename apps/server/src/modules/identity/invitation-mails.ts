import type { Locale } from '@portal/contracts';

type Text = { subject: (firm: string) => string; text: (link: string, where: string) => string };

/** The mail inviting an existing account to join a firm's team or a client file. */
const JOIN: Record<Locale, Text> = {
  fr: {
    subject: (firm) => `Invitation à rejoindre ${firm}`,
    text: (link, where) =>
      `Bonjour,\n\nVous êtes invité(e) à rejoindre ${where} avec votre compte existant. Pour accepter, ouvrez ce lien (valable 14 jours) :\n${link}\n\nSi vous ne connaissez pas l'expéditeur, ignorez ce message : rien ne change sans votre accord.`,
  },
  en: {
    subject: (firm) => `Invitation to join ${firm}`,
    text: (link, where) =>
      `Hello,\n\nYou are invited to join ${where} with your existing account. To accept, open this link (valid for 14 days):\n${link}\n\nIf you do not know the sender, ignore this message: nothing changes without your consent.`,
  },
  pt: {
    subject: (firm) => `Convite para aderir a ${firm}`,
    text: (link, where) =>
      `Olá,\n\nFoi convidado(a) a aderir a ${where} com a sua conta existente. Para aceitar, abra este link (válido durante 14 dias):\n${link}\n\nSe não conhece o remetente, ignore esta mensagem: nada muda sem o seu acordo.`,
  },
};

const WHERE: Record<Locale, (firm: string, company: string | null) => string> = {
  fr: (firm, company) => (company ? `le dossier ${company} sur le portail ${firm}` : `l'équipe de ${firm}`),
  en: (firm, company) => (company ? `the client file ${company} on the ${firm} portal` : `the ${firm} team`),
  pt: (firm, company) => (company ? `o dossiê ${company} no portal ${firm}` : `a equipa de ${firm}`),
};

export const joinMail = (locale: Locale, link: string, firm: string, company: string | null) => ({
  subject: JOIN[locale].subject(firm),
  text: JOIN[locale].text(link, WHERE[locale](firm, company)),
});
