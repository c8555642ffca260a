const HOST = 'https://webexapis.com';

module.exports = {
  TOKEN_URL: `${HOST}/v1/access_token`,
};
