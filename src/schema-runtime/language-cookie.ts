/**
 * The name of the cookie that keeps the interface language: the web client writes it when the
 * language is toggled and the server reads it to answer errors and choose mails in that language,
 * so both take the name from here. Named after the service so portals sharing a domain do not clash.
 */
export function languageCookieName(serviceKey: string): string {
  return `${serviceKey}-lang`;
}
