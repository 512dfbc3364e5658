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
  | 'unknown-field'
  | 'invalid-siren'
  | 'invalid-siret'
  | 'invalid-iban'
  | 'invalid-bic'
  | 'invalid-duns'
  | 'invalid-vat-day'
  | 'identifier-required'
  | 'period-end-before-start'
  | 'last-admin'
  | 'invalid-image'
  | 'image-too-large'
  | 'svg-external-reference'
  | 'invalid-domain'
  | 'invalid-issuer'
  | 'provider-name-taken'
  | 'password-too-weak'
  | 'password-personal-info'
  | 'current-password-invalid'
  | 'invalid-name'
  | 'invalid-path'
  | 'chunk-size-mismatch'
  | 'invalid-chunk-number'
  | 'folder-into-itself';

/** Messages that are neither a code nor a field's: `{{name}}` placeholders filled by `translateMessage`. */
export type NoticeKey = 'too-many-requests-wait';

export type MessageKey = ErrorCode | ValidationKey | NoticeKey;

type Catalogue = Record<MessageKey, string>;

const fr: Catalogue = {
  'bad-request': 'Requête invalide.',
  unauthenticated: 'Vous devez vous connecter.',
  'token-missing': 'Jeton manquant.',
  'token-expired': 'Votre session a expiré, veuillez vous reconnecter.',
  forbidden: "Vous n'avez pas les droits pour cette action.",
  'not-found': 'Ressource inconnue',
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
  'invalid-image': 'Image invalide ou format non pris en charge (gif, jpeg, png, webp, svg).',
  'image-too-large': "L'image est trop volumineuse (500 Ko au plus).",
  'svg-external-reference':
    'Le logo SVG fait appel à des ressources extérieures au fichier (images, styles, polices ou liens) : intégrez-les au fichier.',
  'invalid-issuer': "Adresse d'émetteur invalide (une URL https://, sans ? ni #).",
  'provider-name-taken': 'Un autre fournisseur de ce portail porte déjà ce nom.',
  'invalid-domain': 'Nom de domaine invalide (par exemple cabinet.example.fr, sans https:// ni port).',
  'invalid-characters': 'Caractères spéciaux interdits.',
  'invalid-id': 'Identifiant invalide.',
  'invalid-value': 'Valeur invalide.',
  'invalid-phone': 'Numéro de téléphone invalide.',
  'invalid-post-code': 'Le code postal doit contenir 5 chiffres.',
  'invalid-date': 'Date invalide.',
  'invalid-type': 'Type de valeur invalide.',
  'out-of-range': 'Valeur hors limites.',
  'unknown-field': 'Champ inconnu.',
  'accounting-period-overlap': 'Cet exercice chevauche un exercice existant.',
  'confirmation-mismatch': 'Le mot de confirmation ne correspond pas.',
  'transfer-outside-holding': "Le transfert n'est possible que vers un portail du même groupe.",
  'client-code-already-used': 'Ce code client est déjà utilisé dans ce portail.',
  'vendor-user-email-already-used': "Cet e-mail est déjà celui d'un utilisateur de ce dossier.",
  'teammate-already-in-team': "Ce collaborateur fait déjà partie de l'équipe.",
  'only-admin-can-delete-access': "Seul un administrateur de l'espace de travail peut supprimer un accès",
  'cannot-delete-own-access': 'Vous ne pouvez pas supprimer votre propre accès',
  'missing-excel-sheet': 'La feuille Excel attendue est introuvable.',
  'bad-import-file': "Format de fichier d'import invalide.",
  'siret-not-found': 'Aucune donnée trouvée à partir du SIRET : saisissez les informations à la main.',
  'domain-already-exists': 'Ce domaine est déjà utilisé par un autre portail.',
  'terms-outdated':
    "Ces conditions ont été remplacées par une nouvelle version : relisez-la avant de l'accepter.",
  'invalid-siren': 'SIREN invalide (9 chiffres, clé de contrôle).',
  'invalid-siret': 'SIRET invalide (14 chiffres, clé de contrôle).',
  'invalid-iban': 'IBAN invalide.',
  'invalid-bic': 'BIC invalide.',
  'invalid-duns': 'Numéro DUNS invalide (9 chiffres).',
  'invalid-vat-day': 'Le jour de TVA doit être compris entre 1 et 31.',
  'identifier-required': 'Un identifiant officiel est requis (SIRET, SIREN ou autre).',
  'period-end-before-start': "La fin de l'exercice doit suivre son début.",
  'last-admin': 'Le cabinet doit garder au moins un administrateur.',
  'password-too-weak':
    'Mot de passe trop facile à deviner (courant, déjà divulgué ou trop simple) : choisissez-en un plus long ou moins prévisible.',
  'password-personal-info':
    'Le mot de passe ne doit pas reprendre votre adresse e-mail ni vos nom et prénom.',
  'task-title-already-used': 'Une autre sous-tâche de cette tâche porte déjà ce nom.',
  'task-invalid-parent': 'La tâche parente doit être une tâche principale du même dossier client.',
  'task-dependency-cycle': 'Cette dépendance créerait une boucle entre les tâches.',
  'task-dependency-other-vendor': "Une tâche ne peut dépendre que d'une tâche du même dossier client.",
  'task-parent-cannot-depend': 'Une tâche qui a des sous-tâches ne peut pas recevoir de dépendances.',
  'task-dependencies-not-done': 'Cette tâche ne peut pas commencer avant la fin des tâches dont elle dépend.',
  'task-member-unknown': "Ce membre n'appartient ni au cabinet ni au dossier client.",
  'task-not-information-request': "Seule une demande d'informations a des éléments à fournir.",
  'theme-not-found': "Aucune donnée n'a été trouvée pour le thème.",
  'theme-title-already-used': 'Un autre thème du cabinet porte déjà ce titre.',
  'theme-abbreviation-already-used': 'Un autre thème du cabinet a déjà cette abréviation.',
  'current-password-invalid': 'Mot de passe actuel incorrect.',
  'too-many-requests-wait': 'Trop de tentatives, veuillez réessayer dans {{wait}}.',
  'node-name-conflict': 'Un élément du même nom existe déjà dans ce dossier.',
  'node-validated': "Les éléments validés n'ont pas été supprimés ni déplacés.",
  'document-at-root': 'Aucun document ne peut être placé à la racine.',
  'checksum-failed': 'La somme de contrôle du fichier ne correspond pas.',
  'extension-too-long': "L'extension du fichier est trop longue.",
  'invalid-name': 'Le nom ne peut contenir aucun de ces caractères : ^ / \\ | : ? < > * ".',
  'invalid-path': 'Chemin de dossier invalide.',
  'chunk-size-mismatch': 'La taille du morceau ne correspond pas.',
  'invalid-chunk-number': 'Numéro de morceau invalide.',
  'default-folder-move':
    'Déplacer un dossier par défaut arrête son alimentation automatique : confirmez le déplacement.',
  'folder-into-itself': 'Un dossier ne peut pas aller dans lui-même ni dans ses sous-dossiers.',
  'invalid-mfa-code': 'Code invalide ou déjà utilisé.',
  'two-factor-already-enabled': 'La double authentification est déjà activée.',
  'two-factor-not-enabled': "La double authentification n'est pas activée.",
  'magic-links-disabled': 'Les liens de connexion sont désactivés sur ce portail.',
  'cannot-revoke-own-sessions': 'Vos propres sessions se terminent depuis votre profil (mes sessions).',
  'person-in-other-portals':
    "Cette personne utilise aussi d'autres portails : vous ne pouvez pas terminer ses sessions. Retirez-lui l'accès à ce portail si nécessaire.",
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
  'invalid-image': 'Invalid image or unsupported format (gif, jpeg, png, webp, svg).',
  'image-too-large': 'The image is too large (500 KB at most).',
  'svg-external-reference':
    'The SVG logo uses resources from outside the file (images, styles, fonts or links): embed them in the file.',
  'invalid-issuer': 'Invalid issuer address (an https:// URL, without ? or #).',
  'provider-name-taken': 'Another provider of this portal already has this name.',
  'invalid-domain': 'Invalid domain name (for example firm.example.com, without https:// or port).',
  'invalid-characters': 'Special characters are not allowed.',
  'invalid-id': 'Invalid identifier.',
  'invalid-value': 'Invalid value.',
  'invalid-phone': 'Invalid phone number.',
  'invalid-post-code': 'The post code must have 5 digits.',
  'invalid-date': 'Invalid date.',
  'invalid-type': 'Invalid value type.',
  'out-of-range': 'Value out of range.',
  'unknown-field': 'Unknown field.',
  'accounting-period-overlap': 'This period overlaps an existing one.',
  'confirmation-mismatch': 'The confirmation word does not match.',
  'transfer-outside-holding': 'A client file can only be transferred to a portal of the same group.',
  'client-code-already-used': 'This client code is already used in this portal.',
  'vendor-user-email-already-used': 'This email is already a user of this client file.',
  'teammate-already-in-team': 'This teammate is already in the team.',
  'only-admin-can-delete-access': 'Only a workspace administrator can delete an access',
  'cannot-delete-own-access': 'You cannot delete your own access',
  'missing-excel-sheet': 'The expected Excel sheet is missing.',
  'bad-import-file': 'Bad import file format.',
  'siret-not-found': 'No data found from SIRET: fill in by hand.',
  'domain-already-exists': 'This domain is already used by another portal.',
  'terms-outdated': 'These terms have been replaced by a new version: read it before accepting it.',
  'invalid-siren': 'Invalid SIREN (9 digits, check key).',
  'invalid-siret': 'Invalid SIRET (14 digits, check key).',
  'invalid-iban': 'Invalid IBAN.',
  'invalid-bic': 'Invalid BIC.',
  'invalid-duns': 'Invalid DUNS number (9 digits).',
  'invalid-vat-day': 'The VAT day must be between 1 and 31.',
  'identifier-required': 'An official identifier is required (SIRET, SIREN or other).',
  'period-end-before-start': 'The period must end after it starts.',
  'last-admin': 'The firm must keep at least one administrator.',
  'password-too-weak':
    'This password is too easy to guess (common, already leaked or too simple): choose a longer or less predictable one.',
  'password-personal-info': 'The password must not reuse your email address or your name.',
  'task-title-already-used': 'Another sub-task of this task already has this name.',
  'task-invalid-parent': 'The parent task must be a main task of the same client file.',
  'task-dependency-cycle': 'This dependency would make a loop between tasks.',
  'task-dependency-other-vendor': 'A task can only depend on tasks of the same client file.',
  'task-parent-cannot-depend': 'A task that has sub-tasks cannot receive dependencies.',
  'task-dependencies-not-done': 'This task cannot start before the tasks it depends on are done.',
  'task-member-unknown': 'This member belongs neither to the firm nor to the client file.',
  'task-not-information-request': 'Only an information request has items to provide.',
  'theme-not-found': 'No data was found for the theme.',
  'theme-title-already-used': 'Another theme of the firm already has this title.',
  'theme-abbreviation-already-used': 'Another theme of the firm already has this abbreviation.',
  'current-password-invalid': 'The current password is incorrect.',
  'too-many-requests-wait': 'Too many attempts, please try again in {{wait}}.',
  'node-name-conflict': 'An item with the same name already exists in this folder.',
  'node-validated': 'Validated items were neither deleted nor moved.',
  'document-at-root': 'No document can be placed at the root.',
  'checksum-failed': "The file's checksum does not match.",
  'extension-too-long': "The file's extension is too long.",
  'invalid-name': 'The name cannot contain any of these characters: ^ / \\ | : ? < > * ".',
  'invalid-path': 'Invalid folder path.',
  'chunk-size-mismatch': "The chunk's size does not match.",
  'invalid-chunk-number': 'Invalid chunk number.',
  'default-folder-move': 'Moving a default folder stops its automatic feeding: confirm the move.',
  'folder-into-itself': 'A folder cannot go into itself or its sub-folders.',
  'invalid-mfa-code': 'Invalid or already used code.',
  'two-factor-already-enabled': 'Two-factor authentication is already on.',
  'two-factor-not-enabled': 'Two-factor authentication is not on.',
  'magic-links-disabled': 'Sign-in links are turned off on this portal.',
  'cannot-revoke-own-sessions': 'You end your own sessions from your profile (my sessions).',
  'person-in-other-portals':
    'This person also uses other portals: you cannot end their sessions. Remove their access to this portal if needed.',
};

const pt: Catalogue = {
  'bad-request': 'Pedido inválido.',
  unauthenticated: 'Tem de iniciar sessão.',
  'token-missing': 'Token em falta.',
  'token-expired': 'A sua sessão expirou, inicie sessão novamente.',
  forbidden: 'Não tem permissão para esta ação.',
  'not-found': 'Recurso desconhecido',
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
  'invalid-image': 'Imagem inválida ou formato não suportado (gif, jpeg, png, webp, svg).',
  'image-too-large': 'A imagem é demasiado grande (500 KB no máximo).',
  'svg-external-reference':
    'O logótipo SVG usa recursos externos ao ficheiro (imagens, estilos, tipos de letra ou ligações): incorpore-os no ficheiro.',
  'invalid-issuer': 'Endereço de emissor inválido (um URL https://, sem ? nem #).',
  'provider-name-taken': 'Outro fornecedor deste portal já tem este nome.',
  'invalid-domain': 'Nome de domínio inválido (por exemplo gabinete.example.pt, sem https:// nem porta).',
  'invalid-characters': 'Caracteres especiais não permitidos.',
  'invalid-id': 'Identificador inválido.',
  'invalid-value': 'Valor inválido.',
  'invalid-phone': 'Número de telefone inválido.',
  'invalid-post-code': 'O código postal deve ter 5 dígitos.',
  'invalid-date': 'Data inválida.',
  'invalid-type': 'Tipo de valor inválido.',
  'out-of-range': 'Valor fora dos limites.',
  'unknown-field': 'Campo desconhecido.',
  'accounting-period-overlap': 'Este exercício sobrepõe-se a um exercício existente.',
  'confirmation-mismatch': 'A palavra de confirmação não corresponde.',
  'transfer-outside-holding': 'Um dossier só pode ser transferido para um portal do mesmo grupo.',
  'client-code-already-used': 'Este código de cliente já é usado neste portal.',
  'vendor-user-email-already-used': 'Este e-mail já é de um utilizador deste dossier.',
  'teammate-already-in-team': 'Este colaborador já faz parte da equipa.',
  'only-admin-can-delete-access': 'Só um administrador do espaço de trabalho pode eliminar um acesso',
  'cannot-delete-own-access': 'Não pode eliminar o seu próprio acesso',
  'missing-excel-sheet': 'A folha Excel esperada não existe.',
  'bad-import-file': 'Formato do ficheiro de importação inválido.',
  'siret-not-found': 'Nenhum dado encontrado a partir do SIRET: preencha manualmente.',
  'domain-already-exists': 'Este domínio já é utilizado por outro portal.',
  'terms-outdated': 'Estes termos foram substituídos por uma nova versão: leia-a antes de a aceitar.',
  'invalid-siren': 'SIREN inválido (9 dígitos, chave de controlo).',
  'invalid-siret': 'SIRET inválido (14 dígitos, chave de controlo).',
  'invalid-iban': 'IBAN inválido.',
  'invalid-bic': 'BIC inválido.',
  'invalid-duns': 'Número DUNS inválido (9 dígitos).',
  'invalid-vat-day': 'O dia do IVA deve estar entre 1 e 31.',
  'identifier-required': 'É necessário um identificador oficial (SIRET, SIREN ou outro).',
  'period-end-before-start': 'O exercício deve terminar depois de começar.',
  'last-admin': 'O gabinete deve manter pelo menos um administrador.',
  'password-too-weak':
    'Esta palavra-passe é demasiado fácil de adivinhar (comum, já divulgada ou demasiado simples): escolha uma mais longa ou menos previsível.',
  'password-personal-info': 'A palavra-passe não deve reutilizar o seu endereço de e-mail nem o seu nome.',
  'task-title-already-used': 'Outra subtarefa desta tarefa já tem este nome.',
  'task-invalid-parent': 'A tarefa principal deve ser uma tarefa principal do mesmo dossiê de cliente.',
  'task-dependency-cycle': 'Esta dependência criaria um ciclo entre tarefas.',
  'task-dependency-other-vendor': 'Uma tarefa só pode depender de tarefas do mesmo dossiê de cliente.',
  'task-parent-cannot-depend': 'Uma tarefa com subtarefas não pode receber dependências.',
  'task-dependencies-not-done': 'Esta tarefa não pode começar antes de terminarem as tarefas de que depende.',
  'task-member-unknown': 'Este membro não pertence ao gabinete nem ao dossiê de cliente.',
  'task-not-information-request': 'Só um pedido de informações tem elementos a fornecer.',
  'theme-not-found': 'Nenhum dado foi encontrado para o tema.',
  'theme-title-already-used': 'Outro tema do gabinete já tem este título.',
  'theme-abbreviation-already-used': 'Outro tema do gabinete já tem esta abreviatura.',
  'current-password-invalid': 'A palavra-passe atual está incorreta.',
  'too-many-requests-wait': 'Demasiadas tentativas, tente novamente dentro de {{wait}}.',
  'node-name-conflict': 'Já existe um elemento com o mesmo nome nesta pasta.',
  'node-validated': 'Os elementos validados não foram eliminados nem movidos.',
  'document-at-root': 'Nenhum documento pode ser colocado na raiz.',
  'checksum-failed': 'A soma de verificação do ficheiro não corresponde.',
  'extension-too-long': 'A extensão do ficheiro é demasiado longa.',
  'invalid-name': 'O nome não pode conter nenhum destes caracteres: ^ / \\ | : ? < > * ".',
  'invalid-path': 'Caminho de pasta inválido.',
  'chunk-size-mismatch': 'O tamanho do bloco não corresponde.',
  'invalid-chunk-number': 'Número de bloco inválido.',
  'default-folder-move':
    'Mover uma pasta predefinida interrompe a sua alimentação automática: confirme a deslocação.',
  'folder-into-itself': 'Uma pasta não pode ir para si própria nem para as suas subpastas.',
  'invalid-mfa-code': 'Código inválido ou já utilizado.',
  'two-factor-already-enabled': 'A autenticação de dois fatores já está ativada.',
  'two-factor-not-enabled': 'A autenticação de dois fatores não está ativada.',
  'magic-links-disabled': 'As ligações de início de sessão estão desativadas neste portal.',
  'cannot-revoke-own-sessions':
    'As suas próprias sessões terminam-se a partir do seu perfil (as minhas sessões).',
  'person-in-other-portals':
    'Esta pessoa também utiliza outros portais: não pode terminar as suas sessões. Retire-lhe o acesso a este portal, se necessário.',
};

export const MESSAGES: Record<Locale, Catalogue> = { fr, en, pt };

export const isMessageKey = (key: string): key is MessageKey => key in fr;

/**
 * The localised text of a message key, or the key itself when it is not one; `{{name}}`
 * placeholders take `params` (the web app's i18next fills the same placeholders).
 */
export function translateMessage(key: string, locale: Locale, params: Record<string, string> = {}): string {
  const text = isMessageKey(key) ? MESSAGES[locale][key] : key;
  return text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => params[name] ?? whole);
}

const UNITS: Record<Locale, { second: [string, string]; minute: [string, string] }> = {
  fr: { second: ['seconde', 'secondes'], minute: ['minute', 'minutes'] },
  en: { second: ['second', 'seconds'], minute: ['minute', 'minutes'] },
  pt: { second: ['segundo', 'segundos'], minute: ['minuto', 'minutos'] },
};

/** A wait in words: seconds under a minute, else whole minutes rounded up ("45 secondes", "3 minutes"). */
export function formatWait(seconds: number, locale: Locale): string {
  const s = Math.max(1, Math.ceil(seconds));
  const [n, unit] = s < 60 ? [s, UNITS[locale].second] : [Math.ceil(s / 60), UNITS[locale].minute];
  return `${n} ${n === 1 ? unit[0] : unit[1]}`;
}
