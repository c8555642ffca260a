const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');

module.exports = {
  mode: 'development',
  target: 'web',
  entry: './src/index',
  output: { path: path.resolve(__dirname, 'build'), filename: 'bundle.js' },
  devServer: { port: 3000, historyApiFallback: true },
  plugins: [new HtmlWebpackPlugin({ template: 'src/index.html' })],
};
