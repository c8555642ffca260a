export const API_ROOT = 'https://webexapis.com/v1';
