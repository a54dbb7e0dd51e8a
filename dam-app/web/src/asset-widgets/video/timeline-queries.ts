import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  addClip,
  addCuePoint,
  deleteClip,
  deleteCuePoint,
  exportClip,
  getTimeline,
  updateCuePoint,
} from '../../../../api/contract/video-timeline-endpoints.ts';
import type {
  clipExportModes,
  saveClipSchema,
  saveCuePointSchema,
  Timeline,
} from '../../../../api/video-timeline.ts';
import { api } from '../../api/api-client.ts';

/** How often a timeline with an export under way is fetched again (its progress). */
export const EXPORT_POLL_MS = 1000;

export const timelineKey = (assetId: number) => ['asset', assetId, 'timeline'] as const;

const exporting = (timeline: Timeline | undefined) =>
  timeline?.clips.some((clip) => clip.export.state === 'queued' || clip.export.state === 'running') ?? false;

export const useTimeline = (assetId: number) =>
  useQuery({
    queryKey: timelineKey(assetId),
    queryFn: ({ signal }) => api.call(getTimeline, { params: { id: assetId }, signal }),
    refetchInterval: (query) => (exporting(query.state.data) ? EXPORT_POLL_MS : false),
  });

/** The timeline's changes; each refreshes the timeline when it lands. */
export function useTimelineChanges(assetId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: timelineKey(assetId) });
  const params = { id: assetId };
  return {
    addCue: useMutation({
      mutationFn: (body: z.input<typeof saveCuePointSchema>) => api.call(addCuePoint, { params, body }),
      onSuccess: refresh,
    }),
    updateCue: useMutation({
      mutationFn: ({ cueId, ...body }: z.input<typeof saveCuePointSchema> & { cueId: number }) =>
        api.call(updateCuePoint, { params: { ...params, cueId }, body }),
      onSuccess: refresh,
    }),
    deleteCue: useMutation({
      mutationFn: (cueId: number) => api.call(deleteCuePoint, { params: { ...params, cueId } }),
      onSuccess: refresh,
    }),
    addClip: useMutation({
      mutationFn: (body: z.input<typeof saveClipSchema>) => api.call(addClip, { params, body }),
      onSuccess: refresh,
    }),
    deleteClip: useMutation({
      mutationFn: (clipId: number) => api.call(deleteClip, { params: { ...params, clipId } }),
      onSuccess: refresh,
    }),
    exportClip: useMutation({
      mutationFn: ({ clipId, as }: { clipId: number; as: (typeof clipExportModes)[number] }) =>
        api.call(exportClip, { params: { ...params, clipId }, body: { as } }),
      onSuccess: refresh,
    }),
  };
}
