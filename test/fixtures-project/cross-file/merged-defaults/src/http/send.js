export function send(url, init) {
  return fetch(url, init);
}
