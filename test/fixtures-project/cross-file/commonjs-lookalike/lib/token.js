const axios = require('axios');
const { TOKEN_URL } = require('./constants');

async function refresh(refreshToken) {
  const res = await axios.post(TOKEN_URL, { grant_type: 'refresh_token', refresh_token: refreshToken });
  return res.data.access_token;
}

module.exports = { refresh };
