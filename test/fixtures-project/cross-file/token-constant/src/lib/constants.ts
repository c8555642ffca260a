export const APP_NAME = 'queue';
export const WEBEX_TOKEN_URL = 'https://webexapis.com/v1/access_token';
