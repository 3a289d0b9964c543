import type { EditorNotice } from './projectNavigation';

/**
 * One line above the HOCON text for what the editor's own commands have to say: why Format Document changed nothing,
 * a rename across the project done (with its undo), or why it was not.
 */
export function EditorNoticeBar({ notice, onClose }: { notice: EditorNotice; onClose(): void }) {
  return (
    <div className={`notice ${notice.kind === 'info' ? 'notice-info' : 'notice-external-change'}`} role={notice.kind === 'info' ? 'status' : 'alert'} aria-label="Editor notice">
      <span>{notice.text}</span>
      {notice.action && (
        <button
          onClick={() => {
            onClose();
            notice.action!.run();
          }}
        >
          {notice.action.label}
        </button>
      )}
      <button aria-label="Dismiss" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
