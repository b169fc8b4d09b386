// Asset imports handled by webpack: SVGs inline as data URLs, stylesheets extracted to CSS files.
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.css';
