const Resource = require('./resource');

class Token extends Resource {
  constructor() {
    super('access_token');
  }

  refresh(refreshToken) {
    return this.create({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }
}

module.exports = Token;
