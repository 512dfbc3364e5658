import type { Locale } from '../limits';

/**
 * The notification kinds (issue 31), in families, each with its defaults and its texts in the
 * three languages. The server stores the kind; the web app builds the sentence from these texts
 * with `{{actor}}` (who acted, or "the system") and `{{subject}}` (the document or task's name).
 */
export const NOTIFICATION_FAMILIES = ['documents', 'tasks', 'security', 'portal'] as const;
export type NotificationFamily = (typeof NOTIFICATION_FAMILIES)[number];

/** The spec's frequencies (section 4 and 9). */
export const NOTIFICATION_FREQUENCIES = ['instantly', 'daily', 'weekly', 'never'] as const;
export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];

/** Who a default mail frequency is for: client users, or firm members. */
export type NotificationAudience = 'client' | 'firm';

type KindDefinition = {
  family: NotificationFamily;
  /** In-app cannot be turned off (security kinds). */
  mandatory?: boolean;
  /** The mail frequency by default, for client users and for firm members. */
  mail: Record<NotificationAudience, NotificationFrequency>;
  texts: Record<Locale, string>;
};

const NEVER = { client: 'never', firm: 'never' } as const;
/** What clients did, told to the firm in the daily digest; told to clients at once. */
const CLIENT_NEWS = { client: 'instantly', firm: 'daily' } as const;
const FIRM_DAILY = { client: 'never', firm: 'daily' } as const;

export const NOTIFICATION_KINDS = {
  'document.created': {
    family: 'documents',
    mail: CLIENT_NEWS,
    texts: {
      fr: '{{actor}} a déposé le document « {{subject}} »',
      en: '{{actor}} added the document “{{subject}}”',
      pt: '{{actor}} adicionou o documento «{{subject}}»',
    },
  },
  'document.version_added': {
    family: 'documents',
    mail: FIRM_DAILY,
    texts: {
      fr: '{{actor}} a ajouté une version de « {{subject}} »',
      en: '{{actor}} added a version of “{{subject}}”',
      pt: '{{actor}} adicionou uma versão de «{{subject}}»',
    },
  },
  'document.deleted': {
    family: 'documents',
    mail: NEVER,
    texts: {
      fr: '{{actor}} a supprimé le document « {{subject}} »',
      en: '{{actor}} deleted the document “{{subject}}”',
      pt: '{{actor}} eliminou o documento «{{subject}}»',
    },
  },
  'document.validated': {
    family: 'documents',
    mail: NEVER,
    texts: {
      fr: '{{actor}} a validé le document « {{subject}} »',
      en: '{{actor}} validated the document “{{subject}}”',
      pt: '{{actor}} validou o documento «{{subject}}»',
    },
  },
  'task.created': {
    family: 'tasks',
    mail: NEVER,
    texts: {
      fr: '{{actor}} a créé la tâche « {{subject}} »',
      en: '{{actor}} created the task “{{subject}}”',
      pt: '{{actor}} criou a tarefa «{{subject}}»',
    },
  },
  'task.updated': {
    family: 'tasks',
    mail: NEVER,
    texts: {
      fr: '{{actor}} a modifié la tâche « {{subject}} »',
      en: '{{actor}} updated the task “{{subject}}”',
      pt: '{{actor}} alterou a tarefa «{{subject}}»',
    },
  },
  'task.done': {
    family: 'tasks',
    mail: NEVER,
    texts: {
      fr: '{{actor}} a terminé la tâche « {{subject}} »',
      en: '{{actor}} completed the task “{{subject}}”',
      pt: '{{actor}} concluiu a tarefa «{{subject}}»',
    },
  },
  'task.deleted': {
    family: 'tasks',
    mail: NEVER,
    texts: {
      fr: '{{actor}} a supprimé la tâche « {{subject}} »',
      en: '{{actor}} deleted the task “{{subject}}”',
      pt: '{{actor}} eliminou a tarefa «{{subject}}»',
    },
  },
  'task.assigned': {
    family: 'tasks',
    mail: NEVER,
    texts: {
      fr: '{{actor}} vous a assigné la tâche « {{subject}} »',
      en: '{{actor}} assigned you the task “{{subject}}”',
      pt: '{{actor}} atribuiu-lhe a tarefa «{{subject}}»',
    },
  },
  'information_request.answered': {
    family: 'tasks',
    mail: FIRM_DAILY,
    texts: {
      fr: '{{actor}} a répondu à la demande « {{subject}} »',
      en: '{{actor}} answered the request “{{subject}}”',
      pt: '{{actor}} respondeu ao pedido «{{subject}}»',
    },
  },
  'information_request.overdue': {
    family: 'tasks',
    mail: { client: 'instantly', firm: 'never' },
    texts: {
      fr: 'La demande « {{subject}} » est en retard',
      en: 'The request “{{subject}}” is overdue',
      pt: 'O pedido «{{subject}}» está atrasado',
    },
  },
  'security.new_device_sign_in': {
    family: 'security',
    mandatory: true,
    mail: NEVER,
    texts: {
      fr: 'Connexion depuis un nouvel appareil',
      en: 'Sign-in from a new device',
      pt: 'Início de sessão a partir de um novo dispositivo',
    },
  },
  'security.password_changed': {
    family: 'security',
    mandatory: true,
    mail: NEVER,
    texts: {
      fr: 'Votre mot de passe a été modifié',
      en: 'Your password was changed',
      pt: 'A sua palavra-passe foi alterada',
    },
  },
  'security.two_factor_changed': {
    family: 'security',
    mandatory: true,
    mail: NEVER,
    texts: {
      fr: 'Votre double authentification a été modifiée',
      en: 'Your two-factor authentication was changed',
      pt: 'A sua autenticação de dois fatores foi alterada',
    },
  },
  'security.sessions_ended': {
    family: 'security',
    mandatory: true,
    mail: NEVER,
    texts: {
      fr: 'Vos sessions ont été fermées',
      en: 'Your sessions were ended',
      pt: 'As suas sessões foram terminadas',
    },
  },
  'terms.published': {
    family: 'portal',
    mail: NEVER,
    texts: {
      fr: 'De nouvelles conditions d’utilisation sont publiées',
      en: 'New terms of use were published',
      pt: 'Foram publicados novos termos de utilização',
    },
  },
} as const satisfies Record<string, KindDefinition>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

export const isNotificationKind = (kind: string): kind is NotificationKind => kind in NOTIFICATION_KINDS;

export const notificationFamilyOf = (kind: NotificationKind): NotificationFamily =>
  NOTIFICATION_KINDS[kind].family;

export const isMandatoryKind = (kind: NotificationKind): boolean =>
  'mandatory' in NOTIFICATION_KINDS[kind] && NOTIFICATION_KINDS[kind].mandatory === true;

/** The kinds of a family, in catalogue order. */
export const kindsOfFamily = (family: NotificationFamily): NotificationKind[] =>
  NOTIFICATION_KIND_NAMES.filter((k) => NOTIFICATION_KINDS[k].family === family);

/** A kind's sentence in a language (`{{actor}}` and `{{subject}}` filled). */
export function notificationText(
  kind: NotificationKind,
  locale: Locale,
  params: { actor: string; subject: string },
): string {
  return NOTIFICATION_KINDS[kind].texts[locale].replace(
    /{{\s*(actor|subject)\s*}}/g,
    (_, name: 'actor' | 'subject') => params[name],
  );
}
