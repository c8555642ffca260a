const HOST = 'https://id.example.org';

module.exports = {
  TOKEN_URL: `${HOST}/v1/access_token`,
};
