import {
  listNotifications,
  notificationSettings,
  readAllNotifications,
  readNotification,
  saveNotificationSettings,
  subscribe,
  subscription,
  unreadNotifications,
  unsubscribe,
} from '../../api/contract/notifications-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as center from './notification-service.ts';

export const notificationRoutes = [
  bindEndpoint(listNotifications, ({ services, principal, query }) =>
    center.listNotifications(services, principal, query),
  ),
  bindEndpoint(unreadNotifications, ({ services, principal }) => center.unread(services, principal)),
  bindAction(readAllNotifications, ({ services, principal }) => center.markAllRead(services, principal)),
  bindAction(readNotification, ({ services, principal, params }) =>
    center.markRead(services, principal, params.id),
  ),
  bindEndpoint(notificationSettings, ({ services, principal }) => center.settings(services, principal)),
  bindEndpoint(saveNotificationSettings, ({ services, principal, body }) =>
    center.saveSettings(services, principal, body),
  ),
  bindEndpoint(subscription, ({ services, principal, params }) =>
    center.subscription(services, principal, params.target, params.id),
  ),
  bindEndpoint(subscribe, ({ services, principal, params }) =>
    center.subscribe(services, principal, params.target, params.id),
  ),
  bindEndpoint(unsubscribe, ({ services, principal, params }) =>
    center.unsubscribe(services, principal, params.target, params.id),
  ),
];
