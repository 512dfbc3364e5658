/** The demo's terms of use, version 1, in the three languages. */
export const DEMO_TERMS = {
  fr: {
    title: "Conditions Générales d'Utilisation",
    content:
      "Article 1 – Objet\nLes présentes conditions régissent l'utilisation du portail mis à disposition par le cabinet.\n\nArticle 2 – Accès\nL'accès est personnel. Vous êtes responsable de la confidentialité de votre mot de passe.\n\nArticle 3 – Données\nLes documents déposés restent la propriété de leur auteur et sont conservés par le cabinet dans le respect du RGPD.",
  },
  en: {
    title: 'Terms of Use',
    content:
      'Article 1 – Purpose\nThese terms govern the use of the portal provided by the firm.\n\nArticle 2 – Access\nAccess is personal. You are responsible for keeping your password confidential.\n\nArticle 3 – Data\nUploaded documents remain the property of their author and are kept by the firm in accordance with the GDPR.',
  },
  pt: {
    title: 'Termos de Utilização',
    content:
      'Artigo 1 – Objeto\nEstes termos regem a utilização do portal disponibilizado pelo gabinete.\n\nArtigo 2 – Acesso\nO acesso é pessoal. É responsável pela confidencialidade da sua palavra-passe.\n\nArtigo 3 – Dados\nOs documentos carregados continuam a ser propriedade do seu autor e são conservados pelo gabinete em conformidade com o RGPD.',
  },
} as const;

/** The terms of use every new portal starts with (version 1); its administrators publish their own. */
export const DEFAULT_TERMS = DEMO_TERMS;
