import { completeTask, listTasks } from '../../api/contract/notifications-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as tasks from './task-service.ts';

export const taskRoutes = [
  bindEndpoint(listTasks, ({ services, principal, query }) =>
    tasks.myTasks(services, principal, query.status),
  ),
  bindAction(completeTask, ({ services, principal, params }) =>
    tasks.completeMyTask(services, principal, params.id),
  ),
];
