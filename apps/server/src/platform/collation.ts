/** French alphabetical order (accents after their letter), as the web app sorts; one collator built once. */
export const compareFrench = new Intl.Collator('fr').compare;
