import type { z } from 'zod';
import {
  STATISTICS_DEFAULT_DAYS,
  type Statistics,
  type StatisticsDay,
  type statisticsQuerySchema,
} from '../../api/statistics.ts';
import type { DamServices } from '../services.ts';
import {
  activeUsersByDay,
  downloadsByDay,
  storageByFolder,
  storageByKind,
  uploadsByDay,
  type Window,
} from './statistics-queries.ts';

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The asked period, or the last 30 days up to `to` (today when not asked); `from` alone runs to today. */
function period(query: { from?: string | undefined; to?: string | undefined }) {
  const to = query.to ?? isoDay(Date.now());
  const from = query.from ?? isoDay(Date.parse(to) - (STATISTICS_DEFAULT_DAYS - 1) * DAY_MS);
  return { from, to, window: { from: new Date(from), until: new Date(Date.parse(to) + DAY_MS) } as Window };
}

const byDay = (rows: { day: string; count: string; bytes?: string }[]) =>
  new Map(rows.map((row) => [row.day, { count: Number(row.count), bytes: Number(row.bytes ?? 0) }]));

/** R-STATISTICS: each day's uploads, downloads and active people, and storage under a folder, from what the DAM records. */
export async function statistics(
  services: DamServices,
  query: z.output<typeof statisticsQuerySchema>,
): Promise<Statistics> {
  const { db } = services;
  const { from, to, window } = period(query);
  const folder = (query.folder ?? '').replace(/^\/+|\/+$/g, '');
  const [uploads, downloads, active, folders, kinds] = await Promise.all([
    uploadsByDay(db, window).then(byDay),
    downloadsByDay(db, window).then(byDay),
    activeUsersByDay(db, window).then(byDay),
    storageByFolder(db, folder),
    storageByKind(db, folder),
  ]);
  const days: StatisticsDay[] = [];
  for (let time = Date.parse(from); time <= Date.parse(to); time += DAY_MS) {
    const day = isoDay(time);
    days.push({
      day,
      uploads: uploads.get(day)?.count ?? 0,
      uploadBytes: uploads.get(day)?.bytes ?? 0,
      downloads: downloads.get(day)?.count ?? 0,
      downloadBytes: downloads.get(day)?.bytes ?? 0,
      activeUsers: active.get(day)?.count ?? 0,
    });
  }
  const sum = (key: 'uploads' | 'uploadBytes' | 'downloads' | 'downloadBytes') =>
    days.reduce((total, each) => total + each[key], 0);
  return {
    from,
    to,
    folder,
    days,
    totals: {
      uploads: sum('uploads'),
      uploadBytes: sum('uploadBytes'),
      downloads: sum('downloads'),
      downloadBytes: sum('downloadBytes'),
    },
    byFolder: folders.map((row) => ({
      folder: row.child === '' ? folder : folder === '' ? row.child : `${folder}/${row.child}`,
      assets: Number(row.count),
      bytes: Number(row.bytes),
    })),
    byKind: kinds.map((row) => ({ kind: row.kind, assets: Number(row.count), bytes: Number(row.bytes) })),
  };
}
