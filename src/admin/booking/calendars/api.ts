import { adminApi, call } from '#src/lib/api-client.ts';
import type { ConnectCalDavInput, ConnectFeedInput, UpdateCalendarInput } from '#src/schemas/calendars.ts';

const calendars = adminApi.calendars;
const byId = (id: number) => ({ param: { id: String(id) } });

export const connectFeed = (input: ConnectFeedInput) => call(calendars.feeds.$post({ json: input }));
export const connectCalDav = (input: ConnectCalDavInput) => call(calendars.caldav.$post({ json: input }));
export const updateCalendar = (id: number, input: UpdateCalendarInput) => call(calendars[':id'].$patch({ ...byId(id), json: input }));
export const readCalendar = (id: number) => call(calendars[':id'].read.$post(byId(id)));
export const removeCalendarAccount = (id: number) => call(calendars.accounts[':id'].$delete(byId(id)));
export const setFeedShowsNames = (showsNames: boolean) => call(calendars.feed.$put({ json: { showsNames } }));
export const rotateFeed = () => call(calendars.feed.rotate.$post());
