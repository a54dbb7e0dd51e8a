import { createContext, type ReactNode, useContext, useState, useSyncExternalStore } from 'react';

/** What other parts of the asset view (discussions, annotations) read from the video player, and how they seek. */
export interface PlayerTime {
  /** Seconds from the start of the video. */
  currentTime: number;
  /** Seconds, once the video's metadata is loaded. */
  duration: number | null;
  playing: boolean;
  /** Moves the player to `seconds` (clamped to the video). */
  seek(seconds: number): void;
}

/**
 * The one video element of an asset view, observed: the player attaches it, readers subscribe. Time moves with
 * `timeupdate` and, while playing, every animation frame (so a playhead glides instead of jumping four times a second).
 */
export class PlayerStore {
  private video: HTMLVideoElement | null = null;
  private readonly listeners = new Set<() => void>();
  private frame = 0;
  private snapshot: PlayerTime = {
    currentTime: 0,
    duration: null,
    playing: false,
    seek: (s) => this.seek(s),
  };
  private readonly events = [
    'timeupdate',
    'seeked',
    'play',
    'pause',
    'ended',
    'loadedmetadata',
    'durationchange',
  ];

  attach = (video: HTMLVideoElement | null) => {
    if (this.video === video) return;
    for (const name of this.events) this.video?.removeEventListener(name, this.update);
    this.video = video;
    for (const name of this.events) video?.addEventListener(name, this.update);
    this.update();
  };

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = () => this.snapshot;

  element = () => this.video;

  seek(seconds: number) {
    const video = this.video;
    if (!video) return;
    const end = Number.isFinite(video.duration) ? video.duration : Number.POSITIVE_INFINITY;
    video.currentTime = Math.min(Math.max(0, seconds), end);
    this.update();
  }

  private readonly update = () => {
    const video = this.video;
    const next = {
      currentTime: video?.currentTime ?? 0,
      duration: video && Number.isFinite(video.duration) ? video.duration : null,
      playing: video ? !video.paused && !video.ended : false,
    };
    const now = this.snapshot;
    if (
      next.currentTime !== now.currentTime ||
      next.duration !== now.duration ||
      next.playing !== now.playing
    ) {
      this.snapshot = { ...now, ...next };
      for (const listener of this.listeners) listener();
    }
    cancelAnimationFrame(this.frame);
    if (next.playing) this.frame = requestAnimationFrame(this.update);
  };
}

const PlayerContext = createContext<PlayerStore | null>(null);

/** Shares one player between the video and whatever beside it reads its time. */
export function PlayerTimeProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new PlayerStore());
  return <PlayerContext.Provider value={store}>{children}</PlayerContext.Provider>;
}

/** The store of the nearest provider, or one of the caller's own when there is none. */
export function usePlayerStore(): PlayerStore {
  const shared = useContext(PlayerContext);
  const [own] = useState(() => new PlayerStore());
  return shared ?? own;
}

/** The player's current time, duration and state, and `seek`; updates as the video plays. */
export function usePlayerTime(): PlayerTime {
  const store = usePlayerStore();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
