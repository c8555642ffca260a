export const TOKEN_URL = 'https://webexapis.com/v1/access_token';
