import Connect from './Connect.jsx';

export function Settings({ clientId }) {
  return <Connect authorize="https://idp.example.com/oauth2/authorize" clientId={clientId} redirect="https://app.example.com/callback" />;
}
