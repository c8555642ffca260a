type Props = { base?: string; clientId: string };

export const LoginLink = (props: Props) => <a href={`${props.base}?client_id=${props.clientId}&response_type=token`}>Log in</a>;
