import axios from 'axios';
import { TOKEN_URL } from '@/config';

export async function exchange(code: string): Promise<string> {
  const { data } = await axios.post(TOKEN_URL, { grant_type: 'authorization_code', code });
  return data.access_token;
}
