/** IPC channel names, shared by the preload script and the main process. */
export const API_EVENT_CHANNEL = 'toolbox-editor:event';
export const apiChannel = (method: string) => `toolbox-editor:api:${method}`;
