// Builds frontend/src into static/dist/ with content-hashed names and a manifest that
// Django's {% bundle_js %} / {% bundle_css %} tags read. Admin and dashboard screens are
// split into chunks loaded on demand (React.lazy).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import { WebpackManifestPlugin } from 'webpack-manifest-plugin';
import webpack from 'webpack';

const root = path.dirname(fileURLToPath(import.meta.url));

export default (env, argv) => {
  const production = argv.mode !== 'development';
  return {
    entry: { main: './frontend/src/index.jsx' },
    output: {
      path: path.resolve(root, 'static/dist'),
      publicPath: '/static/dist/',
      filename: production ? '[name].[contenthash:12].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:12].js' : '[name].js',
      assetModuleFilename: '[name].[contenthash:12][ext]',
      clean: true,
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.js', '.jsx'],
      // react-router 7's package exports name only its development build (extra checks and
      // warnings); a production bundle takes the production build it also ships.
      alias: production
        ? {
            'react-router$': path.resolve(
              root,
              'node_modules/react-router/dist/production/index.mjs',
            ),
            'react-router/dom$': path.resolve(
              root,
              'node_modules/react-router/dist/production/dom-export.mjs',
            ),
          }
        : {},
    },
    module: {
      rules: [
        {
          test: /\.jsx?$/,
          include: path.resolve(root, 'frontend/src'),
          use: 'babel-loader',
          resolve: { fullySpecified: false },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        {
          // Bootstrap from its SCSS sources (frontend/src/styles/bootstrap.scss). Its
          // partials still use @import and the global colour functions: those notices are
          // Bootstrap's to fix, so they are kept quiet.
          test: /\.scss$/,
          use: [
            MiniCssExtractPlugin.loader,
            'css-loader',
            {
              loader: 'sass-loader',
              options: {
                sassOptions: {
                  quietDeps: true,
                  silenceDeprecations: [
                    'import',
                    'global-builtin',
                    'color-functions',
                    'if-function',
                  ],
                },
              },
            },
          ],
        },
        { test: /\.(png|jpe?g|webp|svg|gif)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({
        'process.env.API_BASE': JSON.stringify(process.env.API_BASE || ''),
      }),
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:12].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash:12].css' : '[name].css',
      }),
      new WebpackManifestPlugin({
        fileName: 'manifest.json',
        generate: (seed, files, entrypoints) => ({
          files: Object.fromEntries(files.map((f) => [f.name, f.path])),
          entrypoints: Object.fromEntries(
            Object.entries(entrypoints).map(([name, list]) => [
              name,
              list.filter((f) => !f.endsWith('.map')),
            ]),
          ),
        }),
      }),
    ],
    optimization: {
      minimizer: [
        '...',
        new CssMinimizerPlugin({
          // svgo cannot parse Bootstrap's escaped inline SVG icons; cssnano does the rest.
          minimizerOptions: { preset: ['default', { svgo: false }] },
        }),
      ],
    },
    performance: { hints: false },
  };
};
