import axios from 'axios';
import { WEBEX_TOKEN_URL } from './constants';

export async function refresh(token: { refresh_token: string }) {
  const { data: { access_token } } = await axios.post(WEBEX_TOKEN_URL, {
    grant_type: 'refresh_token',
    refresh_token: token.refresh_token,
  });
  return access_token;
}
