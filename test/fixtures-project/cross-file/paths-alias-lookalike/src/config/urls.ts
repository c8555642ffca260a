export const TOKEN_URL = 'https://login.example.net/oauth2/access_token';
