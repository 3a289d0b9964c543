// Shared with the diff on the Node side (node/review/); kept here so the pane's imports stay as they were.
export { findJson } from '../../shared/catalog/findJson';
