import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import webpack from 'webpack';
import { textPart, textParts, type TextPart } from './src/client/i18n/text-parts';
import { loginDocument } from './src/schema-runtime/pages';

const root = __dirname;

/**
 * Output directory the server serves at /static/ (index.html is answered for every /ui/* path but the
 * login page without a session, which gets the login document's HTML).
 */
export const clientOutputDir = path.join(root, 'dist', 'client');

/**
 * semantic-ui-css begins with an `@import` of Google Fonts, which fails offline and leaks visitors'
 * addresses to a third party. Lato is bundled from @fontsource instead, so the import is removed from
 * the emitted CSS before minification.
 */
class StripRemoteFontImportsPlugin {
  apply(compiler: webpack.Compiler): void {
    const pattern = /@import\s+url\(\s*["']?https?:\/\/fonts\.googleapis\.com[^)]*\)\s*;?/g;
    compiler.hooks.thisCompilation.tap('StripRemoteFontImports', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'StripRemoteFontImports', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!name.endsWith('.css')) continue;
            const source = assets[name].source().toString();
            if (!pattern.test(source)) continue;
            pattern.lastIndex = 0;
            compilation.updateAsset(name, new webpack.sources.RawSource(source.replace(pattern, '')));
          }
        },
      );
    });
  }
}

/**
 * Lighter modules for the production bundle (`npm run bench -- bundle-size` shows what each costs):
 * - react-router's package exports only its development build to bundlers (dev warnings, checks);
 *   its production build is the same API without them.
 * - RJSF imports markdown-to-jsx (23 KB gzip) for opt-in markdown descriptions the portal's forms do
 *   not enable and for developer error texts; `plain-markdown.tsx` renders those texts as text.
 */
const productionAliases: Record<string, string> = {
  'react-router$': path.join(root, 'node_modules', 'react-router', 'dist', 'production', 'index.mjs'),
  'react-router/dom$': path.join(root, 'node_modules', 'react-router', 'dist', 'production', 'dom-export.mjs'),
  'markdown-to-jsx/react$': path.join(root, 'src', 'client', 'engine', 'schema-form', 'plain-markdown.tsx'),
};

/** The import aliases of tsconfig.json `paths`: `@/…` is `src/…`, `@generated` the generated types. */
const importAliases: Record<string, string> = {
  '@': path.join(root, 'src'),
  '@generated': path.join(root, 'generated'),
};

/** Not a style sheet's module (mini-css-extract's). */
const isScript = (module: webpack.Module): boolean => module.type !== 'css/mini-extract';

/** Builds the webpack configuration; `mode` defaults to production. */
export function createConfig(mode: 'production' | 'development' = 'production'): webpack.Configuration {
  const production = mode === 'production';
  return {
    mode,
    context: root,
    target: ['web', 'es2020'],
    entry: { main: './src/client/index.tsx', [loginDocument.entry]: './src/client/login.tsx' },
    output: {
      path: clientOutputDir,
      publicPath: '/static/',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    // Production maps are written for the bundle-size bench (which module the bytes come from) and
    // moved out of the served folder by scripts/build-client.ts; no bundle points at them.
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      alias: production ? { ...importAliases, ...productionAliases } : importAliases,
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'esbuild-loader',
          options: { target: 'es2020', jsx: 'automatic' },
        },
        // `hr.json?part=shell`: one part of a language's texts, cut from its file (src/client/i18n/text-parts.ts).
        ...textParts.map((part: TextPart) => ({
          test: /\.json$/,
          resourceQuery: new RegExp(`part=${part}$`),
          type: 'json',
          parser: { parse: (text: string) => textPart(JSON.parse(text) as Record<string, unknown>, part) },
        })),
        {
          test: /\.css$/,
          use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { importLoaders: 0 } }],
        },
        {
          test: /\.(woff2?|ttf|eot|otf|png|jpe?g|gif)$/,
          type: 'asset/resource',
        },
        {
          // Our own SVGs (logo, login backgrounds) are small: inline them; semantic's icon SVG font is a file.
          test: /\.svg$/,
          oneOf: [
            { include: path.join(root, 'src', 'client'), type: 'asset/inline' },
            { type: 'asset/resource' },
          ],
        },
      ],
    },
    plugins: [
      // The app's HTML and the login document's, from one template: each loads its own entry.
      ...[
        { filename: 'index.html', entry: 'main' },
        { filename: loginDocument.html, entry: loginDocument.entry },
      ].map(
        ({ filename, entry }) =>
          new HtmlWebpackPlugin({ template: './src/client/index.html', filename, chunks: [entry], scriptLoading: 'defer', minify: production }),
      ),
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:8].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      }),
      new StripRemoteFontImportsPlugin(),
    ],
    optimization: {
      minimizer: ['...', new CssMinimizerPlugin()],
      // Webpack's own two groups, for scripts only: styles stay in their entry's file, in its import
      // order, which is Semantic UI's cascade order. The two entries import different sets of its
      // components, so a shared chunk of them would put the app's in another order.
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          defaultVendors: { test: (module: webpack.Module) => isScript(module) && /[\\/]node_modules[\\/]/i.test(module.nameForCondition() ?? ''), priority: -10, reuseExistingChunk: true },
          default: { test: isScript, minChunks: 2, priority: -20, reuseExistingChunk: true },
        },
      },
    },
    performance: { hints: false },
  };
}

export default createConfig((process.env.NODE_ENV as 'production' | 'development' | undefined) ?? 'production');
