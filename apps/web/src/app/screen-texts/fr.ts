// The texts of the signed-in screens in this language, in one file: they load together, with the
// signed-in frame (`i18n.ts`). The signed-out and public pages' namespaces stay files of their own.
export default import.meta.glob<Record<string, unknown>>(
  ['../../locales/fr/*.json', '!../../locales/fr/{common,auth,shell,shares,signatures}.json'],
  { eager: true, import: 'default' },
);
