export const JSON_DEFAULTS = {
  headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
};
