// The one custom notistack variant: a toast with a title and a description (spec §8).

export type ToastOptions = {
  title: string;
  description?: string;
  /** The destructive style of spec §8 (the failure toast). */
  destructive?: boolean;
};

declare module 'notistack' {
  interface VariantOverrides {
    toast: ToastOptions;
  }
}
