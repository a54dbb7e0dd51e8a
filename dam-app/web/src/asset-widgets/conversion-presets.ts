import { useQuery } from '@tanstack/react-query';
import { listPresets } from '../../../api/contract/conversions-endpoints.ts';
import { PRESET_READS, type Preset } from '../../../api/conversions.ts';
import { api } from '../api/api-client.ts';

export const PRESET_KEYS = { presets: ['conversion-presets'] } as const;

/** The administrators' conversion presets (R-CONVERSION-PRESET), for the Convert dialog and the admin section. */
export const usePresets = () =>
  useQuery({
    queryKey: PRESET_KEYS.presets,
    queryFn: ({ signal }) => api.call(listPresets, { signal }),
  });

/** The presets that read a file of this kind: images for images, video or audio for a video, audio for audio. */
export const presetsFor = (presets: readonly Preset[], kind: string): Preset[] =>
  presets.filter((preset) => PRESET_READS[preset.kind].includes(kind));
