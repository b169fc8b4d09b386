/**
 * The part of xml-encryption (no published types) the portal uses: the stand-in identity provider
 * encrypts with it, the screening of encrypted assertions decrypts with it (as node-saml does).
 */
declare module 'xml-encryption' {
  export interface EncryptOptions {
    /** The recipient's public key or certificate (PEM). */
    rsa_pub: string;
    /** The recipient's certificate (PEM), carried in KeyInfo. */
    pem: string;
    encryptionAlgorithm: string;
    keyEncryptionAlgorithm: string;
    disallowEncryptionWithInsecureAlgorithm?: boolean;
    warnInsecureAlgorithm?: boolean;
  }
  export function encrypt(content: string, options: EncryptOptions, callback: (error: Error | null, result?: string) => void): void;
  export interface DecryptOptions {
    /** The recipient's private key (PEM). */
    key: string;
  }
  export function decrypt(xml: string, options: DecryptOptions, callback: (error: Error | null, result?: string) => void): void;
}
