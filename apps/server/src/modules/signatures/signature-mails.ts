import type { Locale } from '@portal/contracts';

type Invite = { portal: string; sender: string; title: string; message: string | null; link: string };
type Ended = { portal: string; title: string; link: string | null; reason: string | null };

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
  },
} as const;

export const inviteMail = (locale: Locale, m: Invite) => ({
  subject: TEXTS[locale].inviteSubject(m),
  text: TEXTS[locale].invite(m),
  link: m.link,
});

export const otpMail = (locale: Locale, code: string, portal: string) => ({
  subject: TEXTS[locale].otpSubject(code, portal),
  text: TEXTS[locale].otp(code),
});

export const endedMail = (locale: Locale, kind: 'completed' | 'refused' | 'canceled', m: Ended) => ({
  subject: TEXTS[locale][`${kind}Subject`](m),
  text: TEXTS[locale][kind](m),
  ...(m.link ? { link: m.link } : {}),
});
