/** A self-hosted image with its intrinsic size, so the layout never shifts while it loads. */
export interface ImageRef {
  src: string;
  width: number;
  height: number;
  /** Smaller variants for narrow layouts, in `srcset` syntax. */
  srcSet?: string;
}
