import type { Locale } from '@portal/contracts';

type MailText = { subject: string; text: (link: string, firm: string) => string };

const RESET: Record<Locale, MailText> = {
  fr: {
    subject: 'Réinitialisation de votre mot de passe',
    text: (link, firm) =>
      `Bonjour,\n\nPour choisir un nouveau mot de passe sur ${firm}, ouvrez ce lien (valable une heure) :\n${link}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message.`,
  },
  en: {
    subject: 'Reset your password',
    text: (link, firm) =>
      `Hello,\n\nTo choose a new password on ${firm}, open this link (valid for one hour):\n${link}\n\nIf you did not ask for this, ignore this message.`,
  },
  pt: {
    subject: 'Redefinição da sua palavra-passe',
    text: (link, firm) =>
      `Olá,\n\nPara escolher uma nova palavra-passe em ${firm}, abra este link (válido durante uma hora):\n${link}\n\nSe não fez este pedido, ignore esta mensagem.`,
  },
};

const INVITE: Record<Locale, MailText> = {
  fr: {
    subject: 'Votre accès au portail',
    text: (link, firm) =>
      `Bonjour,\n\n${firm} vous invite sur son portail. Créez votre mot de passe avec ce lien :\n${link}`,
  },
  en: {
    subject: 'Your access to the portal',
    text: (link, firm) =>
      `Hello,\n\n${firm} invites you to its portal. Create your password with this link:\n${link}`,
  },
  pt: {
    subject: 'O seu acesso ao portal',
    text: (link, firm) =>
      `Olá,\n\n${firm} convida-o para o seu portal. Crie a sua palavra-passe com este link:\n${link}`,
  },
};

/** Told after every password change or reset: the owner learns of a change they did not make. */
const CHANGED: Record<
  Locale,
  { subject: string; text: (email: string, firm: string, link: string) => string }
> = {
  fr: {
    subject: 'Votre mot de passe a été modifié',
    text: (email, firm, link) =>
      `Bonjour,\n\nLe mot de passe de votre compte ${email} sur ${firm} vient d'être modifié, et vos sessions ouvertes ont été fermées.\n\nSi c'est vous, il n'y a rien à faire. Sinon, choisissez sans attendre un nouveau mot de passe avec ce lien, puis prévenez votre cabinet :\n${link}`,
  },
  en: {
    subject: 'Your password was changed',
    text: (email, firm, link) =>
      `Hello,\n\nThe password of your account ${email} on ${firm} has just been changed, and your open sessions were closed.\n\nIf it was you, there is nothing to do. Otherwise, choose a new password at once with this link, then tell your firm:\n${link}`,
  },
  pt: {
    subject: 'A sua palavra-passe foi alterada',
    text: (email, firm, link) =>
      `Olá,\n\nA palavra-passe da sua conta ${email} em ${firm} acabou de ser alterada e as suas sessões abertas foram fechadas.\n\nSe foi você, não há nada a fazer. Caso contrário, escolha já uma nova palavra-passe com este link e avise o seu gabinete:\n${link}`,
  },
};

export const passwordChangedMail = (locale: Locale, email: string, firm: string, link: string) => ({
  subject: CHANGED[locale].subject,
  text: CHANGED[locale].text(email, firm, link),
});

export const resetMail = (locale: Locale, link: string, firm: string) => ({
  subject: RESET[locale].subject,
  text: RESET[locale].text(link, firm),
});

export const invitationMail = (locale: Locale, link: string, firm: string) => ({
  subject: INVITE[locale].subject,
  text: INVITE[locale].text(link, firm),
});

const MAGIC: Record<Locale, MailText> = {
  fr: {
    subject: 'Votre lien de connexion',
    text: (link, firm) =>
      `Bonjour,\n\nPour vous connecter à ${firm}, ouvrez ce lien (valable 15 minutes, utilisable une seule fois) :\n${link}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message.`,
  },
  en: {
    subject: 'Your sign-in link',
    text: (link, firm) =>
      `Hello,\n\nTo sign in to ${firm}, open this link (valid for 15 minutes, usable once):\n${link}\n\nIf you did not ask for this, ignore this message.`,
  },
  pt: {
    subject: 'A sua ligação de início de sessão',
    text: (link, firm) =>
      `Olá,\n\nPara iniciar sessão em ${firm}, abra esta ligação (válida durante 15 minutos, utilizável uma única vez):\n${link}\n\nSe não fez este pedido, ignore esta mensagem.`,
  },
};

export const magicLinkMail = (locale: Locale, link: string, firm: string) => ({
  subject: MAGIC[locale].subject,
  text: MAGIC[locale].text(link, firm),
});
