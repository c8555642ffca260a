import { LoginLink } from './LoginLink';

const AUTHORIZE = 'https://webexapis.com/v1/authorize';

export function Header({ clientId }: { clientId: string }) {
  return (
    <header>
      <LoginLink base={AUTHORIZE} clientId={clientId} />
    </header>
  );
}
