// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssetView } from '../../../../api/assets.ts';
import { Thumbnail } from './thumbnail.tsx';

const rendition = (name: string, width: number | null, mimeType = 'image/jpeg') => ({
  name,
  mimeType,
  width,
  height: width,
  size: 1000,
  url: `/assets/7/renditions/${name}/Tag${name}`,
});
const asset = (renditions: AssetView['renditions']) =>
  ({ id: 7, fileName: 'dawn.jpg', fileType: 'JPEG', renditions }) as AssetView;
const image = (renditions: AssetView['renditions'], size = 150) =>
  render(<Thumbnail asset={asset(renditions)} size={size} />).container.querySelector('img');

describe('Thumbnail', () => {
  afterEach(cleanup);

  it('loads the immutable thumbnail and offers the larger preview for dense screens, at the tile’s size', () => {
    const img = image([rendition('preview', 1024), rendition('thumbnail', 256)]);
    expect(img?.getAttribute('src')).toBe('/api/v1/assets/7/renditions/thumbnail/Tagthumbnail');
    expect(img?.getAttribute('srcset')).toBe(
      '/api/v1/assets/7/renditions/thumbnail/Tagthumbnail 256w, /api/v1/assets/7/renditions/preview/Tagpreview 1024w',
    );
    expect(img?.getAttribute('sizes')).toBe('150px');
    expect(img?.getAttribute('loading')).toBe('lazy');
  });

  it('leaves a video’s web preview and an icon out of the choice, and offers none with one picture', () => {
    const video = image([
      rendition('thumbnail', 256),
      rendition('web-preview', 640, 'video/mp4'),
      rendition('poster', 640),
    ]);
    expect(video?.getAttribute('srcset')).not.toContain('web-preview');
    expect(video?.getAttribute('srcset')).toContain('poster/Tagposter 640w');
    const single = image([rendition('thumbnail', 256)]);
    expect(single?.hasAttribute('srcset')).toBe(false);
    expect(single?.hasAttribute('sizes')).toBe(false);
  });
});
