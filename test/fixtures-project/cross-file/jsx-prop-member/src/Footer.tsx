import { LoginLink as Link } from './LoginLink';

export const Footer = ({ id }: { id: string }) => <footer><Link clientId={id} base="https://webexapis.com/v1/authorize" /></footer>;
