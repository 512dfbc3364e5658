/** The product's modules; each firm activates the ones it subscribes to. */
export const MODULE_CATALOGUE = [
  { key: 'home', name: 'Accueil', priority: 0, isHome: true, audience: 'both' },
  { key: 'customers', name: 'Clients', priority: 10, audience: 'accountant' },
  { key: 'documents', name: 'Documents', priority: 20, audience: 'both' },
  { key: 'tasks', name: 'Tâches', priority: 30, audience: 'both' },
  { key: 'service-requests', name: 'Demandes de services', priority: 40, audience: 'client' },
  { key: 'quickfolders', name: 'Dépôt rapide', priority: 50, audience: 'client' },
  { key: 'videoconference', name: 'Visioconférence', priority: 60, audience: 'both' },
  { key: 'signatures', name: 'Signature électronique', priority: 70, audience: 'both', isNavbar: false },
  { key: 'workflows', name: 'Workflows', priority: 80, audience: 'both', isNavbar: false },
  { key: 'settings', name: 'Paramètres', priority: 90, audience: 'both', isNavbar: false, isSettings: true },
  {
    key: 'holding',
    name: 'Administration du groupe',
    priority: 100,
    audience: 'accountant',
    isNavbar: false,
  },
] as const;
