export function renderProfile(root: Element, person: { displayName: string; emails: string[]; avatar?: string }): void {
  const header = document.createElement('header');
  header.textContent = `${person.displayName} <${person.emails[0]}>`;
  root.prepend(header);
}

export function renderRooms(root: Element, rooms: { id: string; title: string; lastActivity: string }[]): void {
  const list = document.createElement('ul');
  for (const room of rooms) {
    const item = document.createElement('li');
    item.textContent = `${room.title} (${new Date(room.lastActivity).toLocaleString()})`;
    list.append(item);
  }
  root.append(list);
}
