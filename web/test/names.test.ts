// Names instead of codes: currencies in the reader's language, file types in words.
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { currencyName, fileTypeName } from '../src/i18n/names.ts';
import { en, ru } from './catalogues.ts';

async function translator(language: 'ru' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { [language]: { translation: language === 'ru' ? ru : en } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe('names a reader understands', () => {
  it("a currency is named in the reader's language, not in the database's English", () => {
    expect(currencyName('EUR', 'ru', 'Euro').toLowerCase()).toBe('евро');
    expect(currencyName('AED', 'ru', 'UAE Dirham')).toMatch(/дирхам/i);
    expect(currencyName('EUR', 'en', 'Euro')).toBe('Euro');
  });

  it("a code the browser does not know keeps the database's name", () => {
    expect(currencyName('XYZ', 'ru', 'Test money')).toBe('Test money');
  });

  it('a file type is said in words, never as its MIME type', async () => {
    const t = await translator('ru');
    expect(fileTypeName(t, 'application/pdf')).toBe('Документ PDF');
    expect(fileTypeName(t, 'image/png')).toBe('Изображение PNG');
    expect(fileTypeName(t, 'application/pkcs7-signature')).toBe('Электронная подпись');
    expect(fileTypeName(await translator('en'), 'image/jpeg')).toBe('JPEG image');
  });
});
