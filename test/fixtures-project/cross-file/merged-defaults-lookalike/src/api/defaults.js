export const JSON_DEFAULTS = {
  method: 'POST',
  headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
};
