const axios = require('axios');

class Base {
  constructor(resource) {
    this.resource = resource;
  }

  request(method, body) {
    return axios({ method, url: `https://webexapis.com/v1/${this.resource}`, data: body });
  }

  create(body) {
    return this.request('POST', body);
  }
}

module.exports = Base;
