listRooms(sessionStorage.token);
