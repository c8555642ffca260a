import { listRooms } from './lib/rooms';

document.getElementById('load')!.addEventListener('click', async () => {
  const rooms = await listRooms(localStorage.getItem('token') ?? '');
  document.getElementById('count')!.textContent = String(rooms.items.length);
});
