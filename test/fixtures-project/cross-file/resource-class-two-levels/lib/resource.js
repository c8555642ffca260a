const Base = require('./base');

class Resource extends Base {
  constructor(name) {
    super(name);
  }
}

module.exports = Resource;
