import { randomBytes } from 'node:crypto';
import type { ServiceConfig } from '@generated';
import type { Bilingual, SpMetadataSettings } from '@/server/config';
import { certBody, type KeyPair } from './keys';
import { signEnveloped } from './xml-signature';
import { escapeXml } from './xml';
import { paths } from '@/schema-runtime/pages';

/**
 * The metadata a federation operator registers for one service provider (SAML metadata 2.0, with
 * mdui for eduGAIN and the GÉANT Code of Conduct), signed with the service provider's key.
 * node-saml's generator knows one encryption certificate and no mdui, so the document is written
 * here; the signature is xml-crypto's (the library node-saml verifies with), enveloped, exclusive
 * c14n, RSA-SHA256, as the first child of the EntityDescriptor.
 */
export interface SpMetadataInput {
  entityId: string;
  acsUrl: string;
  slsUrl: string;
  /** Signs the metadata and requests; published for signing and encryption. */
  keys: KeyPair;
  /** The rollover's second pair: published for signing and encryption beside `keys`. */
  nextKeys?: KeyPair;
  settings: SpMetadataSettings;
  service: Pick<ServiceConfig, 'serviceName' | 'centreName' | 'contactEmail'>;
  publicUrl: string;
}

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const MDUI = 'urn:oasis:names:tc:SAML:metadata:ui';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
/** What the service provider decrypts (xml-encryption through node-saml): content, then key transport. */
export const ENCRYPTION_METHODS = [
  'http://www.w3.org/2009/xmlenc11#aes256-gcm',
  'http://www.w3.org/2009/xmlenc11#aes128-gcm',
  'http://www.w3.org/2001/04/xmlenc#aes256-cbc',
  'http://www.w3.org/2001/04/xmlenc#aes128-cbc',
  'http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p',
];
function keyDescriptor(use: 'signing' | 'encryption', cert: string): string {
  const methods = use === 'encryption' ? ENCRYPTION_METHODS.map((m) => `<EncryptionMethod Algorithm="${m}"/>`).join('') : '';
  return `<KeyDescriptor use="${use}"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certBody(cert)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>${methods}</KeyDescriptor>`;
}

/** One mdui element per language that has a value. */
function localized(element: string, values: Bilingual): string {
  return (['hr', 'en'] as const)
    .filter((lang) => values[lang])
    .map((lang) => `<mdui:${element} xml:lang="${lang}">${escapeXml(values[lang]!)}</mdui:${element}>`)
    .join('');
}

function mailto(address: string): string {
  return address.startsWith('mailto:') ? address : `mailto:${address}`;
}

/** The settings with the defaults filled in: names from the service, contacts its address, information the portal's login page, privacy its privacy notice. */
export function metadataTexts(input: Pick<SpMetadataInput, 'settings' | 'service' | 'publicUrl'>) {
  const { settings, service, publicUrl } = input;
  const pick = (value: Bilingual, fallback: Required<Bilingual>): Required<Bilingual> => ({ hr: value.hr ?? fallback.hr, en: value.en ?? fallback.en });
  return {
    displayName: pick(settings.displayName, service.serviceName),
    description: pick(settings.description, {
      hr: `${service.serviceName.hr}: prijava i upravljanje projektima i korisničkim računima (${service.centreName.hr})`,
      en: `${service.serviceName.en}: requesting and managing projects and user accounts (${service.centreName.en})`,
    }),
    informationUrl: pick(settings.informationUrl, { hr: `${publicUrl}${paths.login.href}`, en: `${publicUrl}${paths.login.href}` }),
    // The portal's own privacy notice (/ui/privacy, its English version at /ui/privacy/en).
    privacyStatementUrl: pick(settings.privacyStatementUrl, { hr: `${publicUrl}${paths.privacy.href}`, en: `${publicUrl}${paths.privacyEnglish.href}` }),
    technicalContact: settings.technicalContact ?? service.contactEmail,
    supportContact: settings.supportContact ?? service.contactEmail,
  };
}

/** The unsigned metadata document. */
export function unsignedSpMetadata(input: SpMetadataInput): string {
  const texts = metadataTexts(input);
  const pairs = [input.keys, ...(input.nextKeys ? [input.nextKeys] : [])];
  const uiInfo =
    localized('DisplayName', texts.displayName) +
    localized('Description', texts.description) +
    localized('InformationURL', texts.informationUrl) +
    localized('PrivacyStatementURL', texts.privacyStatementUrl);
  const contact = (type: 'technical' | 'support', address: string) =>
    `<ContactPerson contactType="${type}"><EmailAddress>${escapeXml(mailto(address))}</EmailAddress></ContactPerson>`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<EntityDescriptor xmlns="${MD}" xmlns:ds="${DS}" xmlns:mdui="${MDUI}" entityID="${escapeXml(input.entityId)}" ID="_${randomBytes(20).toString('hex')}">` +
    `<SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" AuthnRequestsSigned="true" WantAssertionsSigned="true">` +
    `<Extensions><mdui:UIInfo>${uiInfo}</mdui:UIInfo></Extensions>` +
    pairs.map((pair) => keyDescriptor('signing', pair.cert)).join('') +
    pairs.map((pair) => keyDescriptor('encryption', pair.cert)).join('') +
    `<SingleLogoutService Binding="${POST}" Location="${escapeXml(input.slsUrl)}"/>` +
    `<NameIDFormat>${TRANSIENT}</NameIDFormat>` +
    `<AssertionConsumerService index="1" isDefault="true" Binding="${POST}" Location="${escapeXml(input.acsUrl)}"/>` +
    `</SPSSODescriptor>` +
    contact('technical', texts.technicalContact) +
    contact('support', texts.supportContact) +
    `</EntityDescriptor>`
  );
}

/** Signs a metadata document with `keys` (enveloped signature over the whole document element, by its ID). */
export function signMetadata(xml: string, keys: KeyPair): string {
  return signEnveloped(xml, keys);
}

/** The signed metadata a federation operator registers. */
export function serviceProviderMetadata(input: SpMetadataInput): string {
  return signMetadata(unsignedSpMetadata(input), input.keys);
}
