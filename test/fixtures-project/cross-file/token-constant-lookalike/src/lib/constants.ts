export const APP_NAME = 'queue';
export const WEBEX_TOKEN_URL = 'https://auth.example.com/oauth2/access_token';
