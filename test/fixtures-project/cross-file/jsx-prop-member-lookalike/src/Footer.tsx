import { LoginLink as Link } from './LoginLink';

export const Footer = ({ id }: { id: string }) => <footer><Link clientId={id} base="https://idp.example.com/authorize" /></footer>;
