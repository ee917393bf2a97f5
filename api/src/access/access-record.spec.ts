import { checkLabel } from './access-record';

describe("an access's name", () => {
  it('lets the owner name a company in Latin, Greek or Cyrillic letters, and refuses what the stamp cannot write', () => {
    for (const name of [
      'Société Générale',
      'Ærø Øl ÅB',
      'Łódź Sp. z o.o.',
      'Αθηνά ΑΕ',
      'Москва ООО',
    ])
      expect(checkLabel(name)).toBe(name);
    expect(() => checkLabel('東京 AG')).toThrow(/Schrift des Stempels nicht: 東 京/);
  });
});
