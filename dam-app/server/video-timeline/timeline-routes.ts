import { Readable } from 'node:stream';
import {
  addClip,
  addCuePoint,
  clipFile,
  deleteClip,
  deleteCuePoint,
  exportClip,
  getTimeline,
  timelineStrip,
  updateCuePoint,
} from '../../api/contract/video-timeline-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as timeline from './timeline-service.ts';

const bytes = (stream: Readable, headers: Record<string, string>) =>
  new Response(Readable.toWeb(stream) as ReadableStream, { headers });

export const timelineRoutes = [
  bindEndpoint(getTimeline, ({ services, principal, params }) =>
    timeline.getTimeline(services, principal, params.id),
  ),
  bindEndpoint(timelineStrip, async ({ services, principal, params }) => {
    const { stream, size } = await timeline.timelineStrip(services, principal, params.id);
    return bytes(stream, {
      'Content-Type': 'image/jpeg',
      'Content-Length': String(size),
      'Cache-Control': 'private, max-age=300',
    });
  }),
  bindEndpoint(addCuePoint, ({ services, principal, params, body }) =>
    timeline.addCuePoint(services, principal, params.id, body),
  ),
  bindEndpoint(updateCuePoint, ({ services, principal, params, body }) =>
    timeline.updateCuePoint(services, principal, params.id, params.cueId, body),
  ),
  bindAction(deleteCuePoint, ({ services, principal, params }) =>
    timeline.deleteCuePoint(services, principal, params.id, params.cueId),
  ),
  bindEndpoint(addClip, ({ services, principal, params, body }) =>
    timeline.addClip(services, principal, params.id, body),
  ),
  bindAction(deleteClip, ({ services, principal, params }) =>
    timeline.deleteClip(services, principal, params.id, params.clipId),
  ),
  bindEndpoint(exportClip, ({ services, principal, params, body }) =>
    timeline.exportClip(services, principal, params.id, params.clipId, body),
  ),
  bindEndpoint(clipFile, async ({ services, principal, params }) => {
    const file = await timeline.clipFile(services, principal, params.id, params.clipId);
    return bytes(file.stream, {
      'Content-Type': 'video/mp4',
      'Content-Length': String(file.size),
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    });
  }),
];
