/** What a toast says. */
export type ToastOptions = {
  title: string;
  description?: string;
  /** The destructive style, for a failure. */
  destructive?: boolean;
  /** A button in the toast (e.g. "Undo"): clicking it runs `onAction` and closes the toast. */
  actionLabel?: string;
  onAction?: () => void;
};
