/** A text in both of the portal's languages. */
export interface Texts {
  hr: string;
  en: string;
}
