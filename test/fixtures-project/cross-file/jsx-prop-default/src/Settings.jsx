import Connect from './Connect.jsx';

export function Settings({ clientId }) {
  return <Connect clientId={clientId} redirect="https://app.example.com/callback" />;
}
