import { homeSchema } from '../home.ts';
import { endpointGroup } from './endpoint-group.ts';

const home = endpointGroup('Home', 'user');
export const getHome = home.get('/home', {
  summary:
    'Home (R-HOME): recent uploads (mine and the library’s), assets changed since my last visit, what waits on me, what was shared with me; records this visit',
  response: homeSchema,
});
