const axios = require('axios');

class Resource {
  constructor(path) {
    this.path = path;
  }

  create(body) {
    return axios.post(`https://webexapis.com/v1/${this.path}`, body);
  }
}

module.exports = { Resource };
