const axios = require('axios');
const Resource = require('./resource');

class Token extends Resource {
  constructor() {
    super('access_token');
  }

  request(method, body) {
    return axios({ method, url: 'https://auth.example.com/session', data: body });
  }

  refresh(refreshToken) {
    return this.create({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }
}

module.exports = Token;
