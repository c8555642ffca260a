const Connect = ({ authorize = 'https://webexapis.com/v1/authorize', clientId, redirect }) => (
  <a className="connect" href={`${authorize}?response_type=code&client_id=${clientId}&redirect_uri=${redirect}`}>
    Connect Webex
  </a>
);

export default Connect;
