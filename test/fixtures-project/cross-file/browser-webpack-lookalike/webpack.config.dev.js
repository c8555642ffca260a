const path = require('path');

// Bundles a server render for Node: the source tree does not run in a browser.
module.exports = {
  mode: 'development',
  target: 'node',
  entry: './src/index',
  output: { path: path.resolve(__dirname, 'dist'), filename: 'server.js' },
};
