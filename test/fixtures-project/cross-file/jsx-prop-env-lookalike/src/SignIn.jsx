export default function SignIn({ authorizeUrl, clientId, redirectUri }) {
  return (
    <a href={`${authorizeUrl}?client_id=${clientId}&response_type=code&redirect_uri=${encodeURIComponent(redirectUri)}&scope=spark%3Aall`}>
      Sign in with Webex
    </a>
  );
}
