const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id from a path or token that is no uuid cannot exist; PostgreSQL would refuse the cast with a 500. */
export const isUuid = (id: string) => UUID.test(id);
