import type { ErrorCode } from '../errors';
import type { Locale } from '../limits';

/** Validation message keys produced by the contracts' zod schemas. */
export type ValidationKey =
  | 'required'
  | 'too-long'
  | 'too-short'
  | 'nul-byte'
  | 'invalid-email'
  | 'invalid-color'
  | 'invalid-characters'
  | 'invalid-id'
  | 'invalid-value'
  | 'invalid-phone'
  | 'invalid-post-code'
  | 'invalid-date'
  | 'invalid-type'
  | 'out-of-range'
  | 'unknown-field';

export type MessageKey = ErrorCode | ValidationKey;

type Catalogue = Record<MessageKey, string>;

const fr: Catalogue = {
  'bad-request': 'Requête invalide.',
  unauthenticated: 'Vous devez vous connecter.',
  'token-missing': 'Jeton manquant.',
  'token-expired': 'Votre session a expiré, veuillez vous reconnecter.',
  forbidden: "Vous n'avez pas les droits pour cette action.",
  'not-found': 'Unknown resource',
  'request-timeout': 'La requête a expiré.',
  'validation-failed': 'Vérifiez vos données.',
  'too-many-requests': 'Trop de tentatives, veuillez patienter une minute.',
  'server-error': 'Erreur du serveur, veuillez réessayer.',
  'not-implemented': 'Fonction non disponible.',
  'invalid-credentials': 'Combinaison e-mail / mot de passe invalide.',
  'password-too-short': 'Le mot de passe doit contenir au moins 8 caractères.',
  'password-confirmation-mismatch': 'La confirmation doit correspondre au mot de passe.',
  'terms-not-accepted': "Vous devez accepter les Conditions Générales d'Utilisation",
  'invalid-token': 'Ce lien est invalide ou a expiré.',
  'payload-too-large': 'Le contenu envoyé est trop volumineux.',
  'unsupported-media-type': 'Type de contenu non pris en charge.',
  'accounting-period-contains-documents': "L'exercice contient des documents : déplacez-les d'abord.",
  'accounting-period-contains-inaccessible-documents':
    "L'exercice contient des documents auxquels vous n'avez pas accès.",
  'invalid-parameters': "La connexion n'a pas pu être établie : vérifiez les paramètres.",
  'invalid-parent-subscription': 'Les paramètres de connexion du portail ne sont plus valides.',
  'duplicate-application-vendor': 'Le dossier client dispose déjà de cette application.',
  'duplicate-param': 'Paramètre en double : contactez le support.',
  'magic-mail-not-found': 'Adresse de collecte introuvable : contactez le support.',
  'empty-file': 'Le fichier est vide.',
  'too-much-rows': 'Le fichier contient trop de lignes (500 maximum).',
  'duplicate-catalog-folder-instance': 'Ce dossier existe déjà.',
  'folder-non-deletable-nodes-contained': 'Le dossier contient des éléments non supprimables.',
  'node-readonly': 'Cet élément est en lecture seule.',
  'node-rotate': 'Impossible de faire pivoter ce document.',
  'quickfolder-folder-already-used': 'Ce dossier est déjà utilisé par un dépôt rapide.',
  'user-vendor-already-accountant': 'Cet e-mail est utilisé par un membre du cabinet.',
  'siret-already-used': 'SIRET déjà utilisé (par vous ou un autre portail).',
  'email-already-used': 'Cet e-mail est déjà utilisé.',
  'profile-incomplete': 'Renseignez votre prénom et votre nom avant de continuer.',
  required: 'Requis.',
  'too-long': 'Trop long.',
  'too-short': 'Trop court.',
  'nul-byte': 'Caractère interdit.',
  'invalid-email': 'Adresse e-mail invalide.',
  'invalid-color': 'Couleur invalide (six chiffres hexadécimaux).',
  'invalid-characters': 'Caractères spéciaux interdits.',
  'invalid-id': 'Identifiant invalide.',
  'invalid-value': 'Valeur invalide.',
  'invalid-phone': 'Numéro de téléphone invalide.',
  'invalid-post-code': 'Le code postal doit contenir 5 chiffres.',
  'invalid-date': 'Date invalide.',
  'invalid-type': 'Type de valeur invalide.',
  'out-of-range': 'Valeur hors limites.',
  'unknown-field': 'Champ inconnu.',
};

const en: Catalogue = {
  'bad-request': 'Bad request.',
  unauthenticated: 'You must sign in.',
  'token-missing': 'Missing token.',
  'token-expired': 'Your session has expired, please sign in again.',
  forbidden: 'You are not allowed to do this.',
  'not-found': 'Unknown resource',
  'request-timeout': 'The request timed out.',
  'validation-failed': 'Check your data.',
  'too-many-requests': 'Too many attempts, please wait a minute.',
  'server-error': 'Server error, please try again.',
  'not-implemented': 'Not available.',
  'invalid-credentials': 'Invalid email/password combination.',
  'password-too-short': 'The password must be at least 8 characters long.',
  'password-confirmation-mismatch': 'The confirmation must match the password.',
  'terms-not-accepted': 'You must accept the Terms of Use',
  'invalid-token': 'This link is invalid or has expired.',
  'payload-too-large': 'What you sent is too large.',
  'unsupported-media-type': 'Unsupported content type.',
  'accounting-period-contains-documents': 'The period contains documents: move them first.',
  'accounting-period-contains-inaccessible-documents': 'The period contains documents you cannot access.',
  'invalid-parameters': 'The connection could not be established: check the parameters.',
  'invalid-parent-subscription': 'The portal connection parameters are no longer valid.',
  'duplicate-application-vendor': 'The client file already has this application.',
  'duplicate-param': 'Duplicate parameter: contact support.',
  'magic-mail-not-found': 'Collection address not found: contact support.',
  'empty-file': 'The file is empty.',
  'too-much-rows': 'The file has too many rows (500 maximum).',
  'duplicate-catalog-folder-instance': 'This folder already exists.',
  'folder-non-deletable-nodes-contained': 'The folder holds items that cannot be deleted.',
  'node-readonly': 'This item is read-only.',
  'node-rotate': 'This document cannot be rotated.',
  'quickfolder-folder-already-used': 'This folder is already used by a quick-drop folder.',
  'user-vendor-already-accountant': 'This email is used by a firm member.',
  'siret-already-used': 'SIRET already used (by you or another portal).',
  'email-already-used': 'This email is already used.',
  'profile-incomplete': 'Enter your first and last name before going on.',
  required: 'Required.',
  'too-long': 'Too long.',
  'too-short': 'Too short.',
  'nul-byte': 'Forbidden character.',
  'invalid-email': 'Invalid email address.',
  'invalid-color': 'Invalid colour (six hexadecimal digits).',
  'invalid-characters': 'Special characters are not allowed.',
  'invalid-id': 'Invalid identifier.',
  'invalid-value': 'Invalid value.',
  'invalid-phone': 'Invalid phone number.',
  'invalid-post-code': 'The post code must have 5 digits.',
  'invalid-date': 'Invalid date.',
  'invalid-type': 'Invalid value type.',
  'out-of-range': 'Value out of range.',
  'unknown-field': 'Unknown field.',
};

const pt: Catalogue = {
  'bad-request': 'Pedido inválido.',
  unauthenticated: 'Tem de iniciar sessão.',
  'token-missing': 'Token em falta.',
  'token-expired': 'A sua sessão expirou, inicie sessão novamente.',
  forbidden: 'Não tem permissão para esta ação.',
  'not-found': 'Unknown resource',
  'request-timeout': 'O pedido expirou.',
  'validation-failed': 'Verifique os seus dados.',
  'too-many-requests': 'Demasiadas tentativas, aguarde um minuto.',
  'server-error': 'Erro do servidor, tente novamente.',
  'not-implemented': 'Não disponível.',
  'invalid-credentials': 'Combinação de e-mail/palavra-passe inválida.',
  'password-too-short': 'A palavra-passe deve ter pelo menos 8 caracteres.',
  'password-confirmation-mismatch': 'A confirmação deve corresponder à palavra-passe.',
  'terms-not-accepted': 'Tem de aceitar os Termos de Utilização',
  'invalid-token': 'Este link é inválido ou expirou.',
  'payload-too-large': 'O conteúdo enviado é demasiado grande.',
  'unsupported-media-type': 'Tipo de conteúdo não suportado.',
  'accounting-period-contains-documents': 'O exercício contém documentos: mova-os primeiro.',
  'accounting-period-contains-inaccessible-documents':
    'O exercício contém documentos aos quais não tem acesso.',
  'invalid-parameters': 'Não foi possível estabelecer a ligação: verifique os parâmetros.',
  'invalid-parent-subscription': 'Os parâmetros de ligação do portal já não são válidos.',
  'duplicate-application-vendor': 'O dossier do cliente já tem esta aplicação.',
  'duplicate-param': 'Parâmetro duplicado: contacte o suporte.',
  'magic-mail-not-found': 'Endereço de recolha não encontrado: contacte o suporte.',
  'empty-file': 'O ficheiro está vazio.',
  'too-much-rows': 'O ficheiro tem demasiadas linhas (máximo 500).',
  'duplicate-catalog-folder-instance': 'Esta pasta já existe.',
  'folder-non-deletable-nodes-contained': 'A pasta contém elementos que não podem ser eliminados.',
  'node-readonly': 'Este elemento é só de leitura.',
  'node-rotate': 'Não é possível rodar este documento.',
  'quickfolder-folder-already-used': 'Esta pasta já é usada por uma pasta de depósito rápido.',
  'user-vendor-already-accountant': 'Este e-mail é usado por um membro do gabinete.',
  'siret-already-used': 'SIRET já utilizado (por si ou por outro portal).',
  'email-already-used': 'Este e-mail já está a ser utilizado.',
  'profile-incomplete': 'Indique o seu nome próprio e apelido antes de continuar.',
  required: 'Obrigatório.',
  'too-long': 'Demasiado longo.',
  'too-short': 'Demasiado curto.',
  'nul-byte': 'Carácter proibido.',
  'invalid-email': 'Endereço de e-mail inválido.',
  'invalid-color': 'Cor inválida (seis dígitos hexadecimais).',
  'invalid-characters': 'Caracteres especiais não permitidos.',
  'invalid-id': 'Identificador inválido.',
  'invalid-value': 'Valor inválido.',
  'invalid-phone': 'Número de telefone inválido.',
  'invalid-post-code': 'O código postal deve ter 5 dígitos.',
  'invalid-date': 'Data inválida.',
  'invalid-type': 'Tipo de valor inválido.',
  'out-of-range': 'Valor fora dos limites.',
  'unknown-field': 'Campo desconhecido.',
};

export const MESSAGES: Record<Locale, Catalogue> = { fr, en, pt };

export const isMessageKey = (key: string): key is MessageKey => key in fr;

/** The localised text of a message key, or the key itself when it is not one. */
export function translateMessage(key: string, locale: Locale): string {
  return isMessageKey(key) ? MESSAGES[locale][key] : key;
}
