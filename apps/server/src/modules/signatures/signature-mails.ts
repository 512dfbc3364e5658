import type { Locale } from '@portal/contracts';

type Invite = { portal: string; sender: string; title: string; message: string | null; link: string };
type Ended = { portal: string; title: string; link: string | null; reason: string | null };
type Signed = { title: string; signer: string; link: string };

const TEXTS = {
  fr: {
    inviteSubject: (m: Invite) => `${m.portal} : document à signer, « ${m.title} »`,
    invite: (m: Invite) =>
      `Bonjour,\n\n${m.sender} vous invite à signer « ${m.title} ».${m.message ? `\n\n${m.message}` : ''}` +
      `\n\nOuvrir le document et signer :\n${m.link}`,
    otpSubject: (code: string, portal: string) => `${code} est votre code de signature ${portal}`,
    otp: (code: string) => `Bonjour,\n\nVotre code de signature est ${code}. Il est valable 10 minutes.`,
    completedSubject: (m: Ended) => `« ${m.title} » est signé par tous`,
    completed: (m: Ended) =>
      `Bonjour,\n\nTous les signataires ont signé « ${m.title} ».${m.link ? `\n\nLe document signé :\n${m.link}` : ''}`,
    refusedSubject: (m: Ended) => `« ${m.title} » : signature refusée`,
    refused: (m: Ended) =>
      `Bonjour,\n\nLa demande de signature « ${m.title} » a été refusée${m.reason ? ` : ${m.reason}` : '.'}`,
    canceledSubject: (m: Ended) => `« ${m.title} » : demande de signature annulée`,
    canceled: (m: Ended) =>
      `Bonjour,\n\nLa demande de signature « ${m.title} » a été annulée${m.reason ? ` : ${m.reason}` : '.'}`,
    reminderSubject: (m: Invite) => `Rappel : document à signer, « ${m.title} »`,
    expiredSubject: (m: Ended) => `« ${m.title} » : demande de signature expirée`,
    expired: (m: Ended) =>
      `Bonjour,\n\nLa demande de signature « ${m.title} » a expiré sans toutes ses signatures.`,
    errorSubject: (m: Ended) => `« ${m.title} » : le document signé n'a pas pu être classé`,
    error: (m: Ended) =>
      `Bonjour,\n\nTous ont signé « ${m.title} », mais le scellement a échoué. Vous pouvez relancer le classement depuis la liste des signatures.${m.link ? `\n\n${m.link}` : ''}`,
    signedSubject: (m: Signed) => `${m.signer} a signé « ${m.title} »`,
    signed: (m: Signed) =>
      `Bonjour,\n\n${m.signer} a signé « ${m.title} ».\n\nSuivre la demande :\n${m.link}`,
  },
  en: {
    inviteSubject: (m: Invite) => `${m.portal}: document to sign, "${m.title}"`,
    invite: (m: Invite) =>
      `Hello,\n\n${m.sender} invites you to sign "${m.title}".${m.message ? `\n\n${m.message}` : ''}` +
      `\n\nOpen the document and sign:\n${m.link}`,
    otpSubject: (code: string, portal: string) => `${code} is your ${portal} signing code`,
    otp: (code: string) => `Hello,\n\nYour signing code is ${code}. It is valid for 10 minutes.`,
    completedSubject: (m: Ended) => `"${m.title}" is signed by everyone`,
    completed: (m: Ended) =>
      `Hello,\n\nEvery signatory has signed "${m.title}".${m.link ? `\n\nThe signed document:\n${m.link}` : ''}`,
    refusedSubject: (m: Ended) => `"${m.title}": signature refused`,
    refused: (m: Ended) =>
      `Hello,\n\nThe signature request "${m.title}" was refused${m.reason ? `: ${m.reason}` : '.'}`,
    canceledSubject: (m: Ended) => `"${m.title}": signature request canceled`,
    canceled: (m: Ended) =>
      `Hello,\n\nThe signature request "${m.title}" was canceled${m.reason ? `: ${m.reason}` : '.'}`,
    reminderSubject: (m: Invite) => `Reminder: document to sign, "${m.title}"`,
    expiredSubject: (m: Ended) => `"${m.title}": signature request expired`,
    expired: (m: Ended) => `Hello,\n\nThe signature request "${m.title}" expired without all its signatures.`,
    errorSubject: (m: Ended) => `"${m.title}": the signed document could not be filed`,
    error: (m: Ended) =>
      `Hello,\n\nEveryone signed "${m.title}", but sealing failed. You can retry from the signatures list.${m.link ? `\n\n${m.link}` : ''}`,
    signedSubject: (m: Signed) => `${m.signer} signed "${m.title}"`,
    signed: (m: Signed) => `Hello,\n\n${m.signer} signed "${m.title}".\n\nFollow the request:\n${m.link}`,
  },
  pt: {
    inviteSubject: (m: Invite) => `${m.portal}: documento para assinar, «${m.title}»`,
    invite: (m: Invite) =>
      `Olá,\n\n${m.sender} convida você a assinar «${m.title}».${m.message ? `\n\n${m.message}` : ''}` +
      `\n\nAbrir o documento e assinar:\n${m.link}`,
    otpSubject: (code: string, portal: string) => `${code} é o seu código de assinatura ${portal}`,
    otp: (code: string) => `Olá,\n\nO seu código de assinatura é ${code}. É válido por 10 minutos.`,
    completedSubject: (m: Ended) => `«${m.title}» foi assinado por todos`,
    completed: (m: Ended) =>
      `Olá,\n\nTodos os signatários assinaram «${m.title}».${m.link ? `\n\nO documento assinado:\n${m.link}` : ''}`,
    refusedSubject: (m: Ended) => `«${m.title}»: assinatura recusada`,
    refused: (m: Ended) =>
      `Olá,\n\nA solicitação de assinatura «${m.title}» foi recusada${m.reason ? `: ${m.reason}` : '.'}`,
    canceledSubject: (m: Ended) => `«${m.title}»: solicitação de assinatura cancelada`,
    canceled: (m: Ended) =>
      `Olá,\n\nA solicitação de assinatura «${m.title}» foi cancelada${m.reason ? `: ${m.reason}` : '.'}`,
    reminderSubject: (m: Invite) => `Lembrete: documento para assinar, «${m.title}»`,
    expiredSubject: (m: Ended) => `«${m.title}»: solicitação de assinatura expirada`,
    expired: (m: Ended) =>
      `Olá,\n\nA solicitação de assinatura «${m.title}» expirou sem todas as assinaturas.`,
    errorSubject: (m: Ended) => `«${m.title}»: o documento assinado não pôde ser arquivado`,
    error: (m: Ended) =>
      `Olá,\n\nTodos assinaram «${m.title}», mas a selagem falhou. Pode relançar a partir da lista de assinaturas.${m.link ? `\n\n${m.link}` : ''}`,
    signedSubject: (m: Signed) => `${m.signer} assinou «${m.title}»`,
    signed: (m: Signed) =>
      `Olá,\n\n${m.signer} assinou «${m.title}».\n\nAcompanhar a solicitação:\n${m.link}`,
  },
} as const;

export const inviteMail = (locale: Locale, m: Invite, reminder = false) => ({
  subject: reminder ? TEXTS[locale].reminderSubject(m) : TEXTS[locale].inviteSubject(m),
  text: TEXTS[locale].invite(m),
  link: m.link,
});

export const otpMail = (locale: Locale, code: string, portal: string) => ({
  subject: TEXTS[locale].otpSubject(code, portal),
  text: TEXTS[locale].otp(code),
});

export const endedMail = (
  locale: Locale,
  kind: 'completed' | 'refused' | 'canceled' | 'expired' | 'error',
  m: Ended,
) => ({
  subject: TEXTS[locale][`${kind}Subject`](m),
  text: TEXTS[locale][kind](m),
  ...(m.link ? { link: m.link } : {}),
});

/** To the sender: a signatory signed. */
export const signedMail = (locale: Locale, m: Signed) => ({
  subject: TEXTS[locale].signedSubject(m),
  text: TEXTS[locale].signed(m),
  link: m.link,
});
