export { TOKEN_URL } from './urls';
