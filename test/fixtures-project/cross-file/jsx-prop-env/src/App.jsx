import SignIn from './SignIn';

export default function App() {
  return (
    <main>
      <SignIn authorizeUrl={process.env.REACT_APP_AUTHORIZE_URL} clientId={process.env.REACT_APP_CLIENT_ID} redirectUri={window.location.origin} />
    </main>
  );
}
