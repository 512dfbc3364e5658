import type { TemplateTask } from '@portal/contracts';
import type { Db } from '../../db/client';
import {
  catalogCategories,
  catalogOfferCategories,
  catalogOfferServices,
  catalogOffers,
  catalogServices,
} from '../../db/schema';

const task = (key: string, title: string, offset_days: number, depends_on: string[] = []): TemplateTask => ({
  key,
  title,
  offset_days,
  assignee: 'manager',
  parent_key: null,
  depends_on,
});

/**
 * The demo portals' French starter catalogue (issue 30): Comptabilité (tenue mensuelle), Fiscal
 * (TVA mensuelle CA3, TVA trimestrielle, bilan et liasse), Social (bulletins de paie), Juridique
 * (approbation des comptes), and the offers "Pack TPE" and "Pack création".
 */
export async function seedDemoCatalog(tx: Db, accountingFirmId: number): Promise<void> {
  const names = ['Comptabilité', 'Fiscal', 'Social', 'Juridique'];
  const categories = await tx
    .insert(catalogCategories)
    .values(names.map((name, position) => ({ accountingFirmId, name, position })))
    .returning();
  const category = (name: string) => categories.find((c) => c.name === name)!.id;
  const services = await tx
    .insert(catalogServices)
    .values([
      {
        accountingFirmId,
        categoryId: category('Comptabilité'),
        title: 'Tenue comptable mensuelle',
        reference: 'COMPTA-MENS',
        abbreviation: 'TCM',
        unitPriceCents: 25_000,
        unit: 'month' as const,
        frequency: 'month' as const,
        dueRuleKind: 'day_of_period' as const,
        dueRuleDay: 28,
        leadDays: 5,
        commercialDescription: 'La saisie et le rapprochement de vos opérations chaque mois.',
        tasks: [
          task('saisie', 'Saisir les pièces', -3),
          task('rappro', 'Rapprochement bancaire', 0, ['saisie']),
        ],
      },
      {
        accountingFirmId,
        categoryId: category('Fiscal'),
        title: 'TVA mensuelle CA3',
        reference: 'TVA-CA3-M',
        abbreviation: 'CA3M',
        unitPriceCents: 9_000,
        unit: 'declaration' as const,
        frequency: 'month' as const,
        dueRuleKind: 'vat_due_day' as const,
        leadDays: 10,
        commercialDescription: 'Votre déclaration de TVA mensuelle (CA3), préparée et déposée.',
        contractualDescription: 'Établissement et télédéclaration de la déclaration CA3 mensuelle.',
        tasks: [
          task('collecte', 'Collecter les pièces', -10),
          task('preparation', 'Préparer la déclaration', -5, ['collecte']),
          task('depot', 'Déposer la CA3', 0, ['preparation']),
        ],
      },
      {
        accountingFirmId,
        categoryId: category('Fiscal'),
        title: 'TVA trimestrielle',
        reference: 'TVA-CA3-T',
        abbreviation: 'CA3T',
        unitPriceCents: 12_000,
        unit: 'declaration' as const,
        frequency: 'quarter' as const,
        dueRuleKind: 'vat_due_day' as const,
        leadDays: 10,
        tasks: [
          task('preparation', 'Préparer la déclaration', -5),
          task('depot', 'Déposer la déclaration', 0, ['preparation']),
        ],
      },
      {
        accountingFirmId,
        categoryId: category('Fiscal'),
        title: 'Bilan et liasse fiscale',
        reference: 'BILAN',
        abbreviation: 'BIL',
        unitPriceCents: 180_000,
        unit: 'unit' as const,
        frequency: 'year' as const,
        dueRuleKind: 'after_closing' as const,
        dueRuleDays: 120,
        leadDays: 60,
        tasks: [
          task('revision', 'Réviser les comptes', -30),
          task('liasse', 'Établir la liasse fiscale', -10, ['revision']),
          task('envoi', 'Télétransmettre la liasse', 0, ['liasse']),
        ],
      },
      {
        accountingFirmId,
        categoryId: category('Social'),
        title: 'Bulletins de paie',
        reference: 'PAIE',
        abbreviation: 'PAIE',
        unitPriceCents: 3_500,
        unit: 'unit' as const,
        frequency: 'month' as const,
        dueRuleKind: 'day_of_period' as const,
        dueRuleDay: 25,
        leadDays: 7,
        tasks: [
          task('variables', 'Recueillir les variables', -5),
          task('bulletins', 'Éditer les bulletins', 0, ['variables']),
        ],
      },
      {
        accountingFirmId,
        categoryId: category('Juridique'),
        title: 'Approbation des comptes',
        reference: 'AGO',
        abbreviation: 'AGO',
        unitPriceCents: 45_000,
        unit: 'unit' as const,
        frequency: 'year' as const,
        dueRuleKind: 'after_closing' as const,
        dueRuleDays: 180,
        leadDays: 30,
        tasks: [
          task('pv', "Rédiger le procès-verbal d'assemblée", -10),
          task('depot', 'Déposer les comptes', 0, ['pv']),
        ],
      },
    ])
    .returning();
  const service = (reference: string) => services.find((s) => s.reference === reference)!.id;
  const offers = await tx
    .insert(catalogOffers)
    .values([
      {
        accountingFirmId,
        name: 'Pack TPE',
        description: 'Tenue, TVA mensuelle et bilan pour les petites entreprises.',
        durationValue: 1,
        durationUnit: 'year' as const,
      },
      {
        accountingFirmId,
        name: 'Pack création',
        description: 'La première année d’une entreprise nouvelle : tenue, TVA trimestrielle et approbation.',
        priceCents: 390_000,
        durationValue: 1,
        durationUnit: 'year' as const,
      },
    ])
    .returning();
  const [tpe, creation] = offers;
  await tx.insert(catalogOfferServices).values([
    { accountingFirmId, offerId: tpe!.id, serviceId: service('COMPTA-MENS'), position: 0, quantity: 12 },
    { accountingFirmId, offerId: tpe!.id, serviceId: service('TVA-CA3-M'), position: 1, quantity: 12 },
    { accountingFirmId, offerId: tpe!.id, serviceId: service('BILAN'), position: 2, quantity: 1 },
    { accountingFirmId, offerId: creation!.id, serviceId: service('COMPTA-MENS'), position: 0, quantity: 12 },
    { accountingFirmId, offerId: creation!.id, serviceId: service('TVA-CA3-T'), position: 1, quantity: 4 },
    { accountingFirmId, offerId: creation!.id, serviceId: service('AGO'), position: 2, quantity: 1 },
  ]);
  await tx.insert(catalogOfferCategories).values([
    { accountingFirmId, offerId: tpe!.id, categoryId: category('Comptabilité') },
    { accountingFirmId, offerId: tpe!.id, categoryId: category('Fiscal') },
    { accountingFirmId, offerId: creation!.id, categoryId: category('Comptabilité') },
  ]);
}
