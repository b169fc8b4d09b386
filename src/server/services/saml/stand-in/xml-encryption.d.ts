/** The part of xml-encryption (no published types) the stand-in identity provider encrypts with. */
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
}
