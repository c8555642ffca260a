const JSON_OPTIONS = {
  method: 'GET',
  headers: { 'content-type': 'application/json' },
};

module.exports = { JSON_OPTIONS };
