import { adminApi, call } from '#src/lib/api-client.ts';
import type { SessionTypeInput } from '#src/schemas/session-type.ts';

const types = adminApi['session-types'];
const byId = (id: number) => ({ param: { id: String(id) } });

export const fetchSessionTypes = () => call(types.$get());
export const createSessionType = (input: SessionTypeInput) => call(types.$post({ json: input }));
export const updateSessionType = (id: number, input: SessionTypeInput) => call(types[':id'].$put({ ...byId(id), json: input }));
export const deleteSessionType = (id: number) => call(types[':id'].$delete(byId(id)));
/** Every session type's id, first shown first; answers the stored list. */
export const reorderSessionTypes = (order: number[]) => call(types.reorder.$post({ json: { order } }));
