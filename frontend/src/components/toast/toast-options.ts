/** What a toast says. */
export type ToastOptions = {
  title: string;
  description?: string;
  /** The destructive style, for a failure. */
  destructive?: boolean;
};
