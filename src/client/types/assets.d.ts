// Asset imports handled by webpack: SVGs inline as data URLs, stylesheets extracted to CSS files.
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.css';
// One part of a language's texts, cut from its file by the build (src/client/i18n/text-parts.ts).
declare module '*.json?part=shell' {
  const texts: Partial<import('../i18n/text-parts').Translations>;
  export default texts;
}
declare module '*.json?part=pages' {
  const texts: Partial<import('../i18n/text-parts').Translations>;
  export default texts;
}
declare module '*.json?part=rules' {
  const texts: Partial<import('../i18n/text-parts').Translations>;
  export default texts;
}
