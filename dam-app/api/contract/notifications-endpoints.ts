import { okSchema } from '../accounts.ts';
import {
  notificationPageSchema,
  notificationQuerySchema,
  notificationSettingsSchema,
  subscriptionParams,
  subscriptionSchema,
  taskListSchema,
  taskQuerySchema,
  unreadCountSchema,
} from '../notifications.ts';
import { endpointGroup } from './endpoint-group.ts';
import { notFound } from './error-sets.ts';
import { idParams } from './params.ts';

const notifications = endpointGroup('Notifications', 'user');
export const listNotifications = notifications.get('/notifications', {
  summary: 'My notification center, newest first, paged by `before` (the `next` of the previous page)',
  query: notificationQuerySchema,
  response: notificationPageSchema,
});
export const unreadNotifications = notifications.get('/notifications/unread', {
  summary: 'How many of my notifications are unread (the bell)',
  response: unreadCountSchema,
});
export const readAllNotifications = notifications.post('/notifications/read', {
  summary: 'Mark all my notifications read',
  response: okSchema,
});
const notification = notifications.item('/notifications/{id}', idParams);
export const readNotification = notification.post('/read', {
  summary: 'Mark one of my notifications read',
  response: okSchema,
});
export const notificationSettings = notifications.get('/notification-settings', {
  summary: 'How I get notifications by mail: off, immediately or as a daily digest',
  response: notificationSettingsSchema,
});
export const saveNotificationSettings = notifications.put('/notification-settings', {
  summary: 'Choose how I get notifications by mail',
  body: notificationSettingsSchema,
  response: notificationSettingsSchema,
});
export const subscription = notifications.get('/subscriptions/{target}/{id}', {
  summary: 'Do I follow this folder (and everything under it), collection or asset?',
  params: subscriptionParams,
  response: subscriptionSchema,
  errors: notFound,
});
export const subscribe = notifications.put('/subscriptions/{target}/{id}', {
  summary:
    'Follow a folder (and everything under it), a collection or an asset: its events reach my notifications',
  params: subscriptionParams,
  response: subscriptionSchema,
  errors: notFound,
});
export const unsubscribe = notifications.delete('/subscriptions/{target}/{id}', {
  summary: 'Stop following a folder, a collection or an asset',
  params: subscriptionParams,
  response: subscriptionSchema,
});

const tasks = endpointGroup('Tasks', 'user');
export const listTasks = tasks.get('/tasks', {
  summary: 'My Tasks: the actions waiting on me, open ones first by due date',
  query: taskQuerySchema,
  response: taskListSchema,
});
export const completeTask = tasks.item('/tasks/{id}', idParams).post('/complete', {
  summary: 'Mark one of my tasks completed',
  response: okSchema,
});
