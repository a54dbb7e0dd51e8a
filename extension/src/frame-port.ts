/** Name of the runtime port each frame's content script opens to the service worker. */
export const FRAME_PORT_NAME = 'rapid-frame';
