// webpack's require.context, used to bundle schema files without listing them one by one.
interface WebpackRequireContext {
  keys(): string[];
  (id: string): unknown;
}

declare namespace NodeJS {
  interface Require {
    context(directory: string, useSubdirectories?: boolean, regExp?: RegExp, mode?: 'sync' | 'lazy' | 'eager'): WebpackRequireContext;
  }
}
